import { useEffect, useState } from 'react';
import { lookupName } from '../../actions/namesLookup.ts';
import { useFrame, useFrameState } from '../../core/react.ts';
import { isImageUrl } from '../../ui/Avatar.tsx';

/** How many characters a name shows before its middle is cut (the Account header's width at 18 px). */
export const NAME_SHOWN_CHARS = 18;

/**
 * `name` cut in the middle of its label to at most `max` characters, keeping its start and its zone
 * (`averylongaccountname.reown.id` → `aver…name.reown.id`): both ends say whose name it is, where
 * a cut at the end would drop the zone. Unchanged when it fits. Pure.
 */
export function middleEllipsis(name: string, max = NAME_SHOWN_CHARS): string {
  if (name.length <= max) return name;
  const dot = name.indexOf('.');
  const zone = dot > 0 && name.length - dot < max - 6 ? name.slice(dot) : '';
  const label = zone ? name.slice(0, dot) : name;
  const room = max - zone.length - 1;
  const head = Math.ceil(room / 2);
  return `${label.slice(0, head)}…${label.slice(label.length - (room - head))}${zone}`;
}

/**
 * The registered name of `address` (spec §9 identity cache 5 min), shown beside the
 * address wherever one is shown; nothing while unknown or when it has none. A long name is cut in
 * the middle ({@link middleEllipsis}); the whole name stays its title and what a screen reader reads.
 * With `image` (the Send receiver, spec §3 send state 'receiver profile name and image'), the
 * identity's profile image stands before the name when it has one and it loads (decorative: the
 * name and the address beside it say whose it is).
 */
export function AccountName({ address, testId, image }: { address: string; testId?: string; image?: boolean }) {
  const frame = useFrame();
  const valid = /^0x[0-9a-fA-F]{40}$/.test(address);
  const key = address.toLowerCase();
  const name = useFrameState((s) => (valid ? s.names[key] : null));
  const profile = useFrameState((s) => (valid && image ? s.profileImages[key] : null));
  const [broken, setBroken] = useState<string | null>(null);
  useEffect(() => {
    if (valid) void lookupName(frame, address);
  }, [frame, address, valid]);
  const picture =
    isImageUrl(profile) && broken !== profile ? (
      <img
        className="airlock-name-image"
        data-testid={testId ? `${testId}-image` : undefined}
        src={profile}
        alt=""
        width={20}
        height={20}
        onError={() => setBroken(profile)}
      />
    ) : null;
  if (!name) return picture;
  const shown = middleEllipsis(name);
  return (
    <>
      {picture}
      <span className="airlock-account-name" data-testid={testId} title={name}>
        {shown === name ? (
          name
        ) : (
          <>
            <span aria-hidden="true">{shown}</span>
            <span className="airlock-visually-hidden">{name}</span>
          </>
        )}
      </span>
    </>
  );
}
