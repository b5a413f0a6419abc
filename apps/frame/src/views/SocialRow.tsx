import { useRef, useState } from 'react';
import { siFarcaster } from 'simple-icons';
import { SocialProviderSchema, socialsSlotEstimate, type SocialProvider } from '@airlock/protocol';
import { pushRoute } from '../actions/modal.ts';
import type { Route } from '../store/routes.ts';
import { useFrame, useFrameState, useWhileOpen } from '../core/react.ts';
import { placeOver } from './ApproveTransactionView.tsx';
import { SlotSentinel } from './SlotSentinel.tsx';
import './embedded.css';

/** Display names of the social providers. */
export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
};

/**
 * The socials row on Connect (spec §1 connect method 'social', after email), in the
 * order of the remote `socials` feature. The provider buttons are drawn by the secure
 * frame (origin C) placed over this row's slot: only a click inside C lets C open the
 * login popup. C shows the providers the API has configured; the others are left
 * out. 'farcaster' is a button of this frame that opens ConnectingFarcaster.
 * With `passkey` (the embedded wallet's email login is on), C adds its passkey buttons in the
 * same slot (docs/embedded-wallet.md "Passkeys"). Focus sentinels around the slot put C's
 * buttons in the modal's tab order (SlotSentinel). With `only`, just that provider's button (Try
 * again after a failed login: the popup must open from a click in C).
 */
export function SocialRow({ passkey = false, only }: { passkey?: boolean; only?: SocialProvider }) {
  const frame = useFrame();
  const configured = useFrameState((s) => s.features.features.socials);
  const socials = only ? [only] : configured;
  const status = useFrameState((s) => s.embedded.status);
  const height = useFrameState((s) => s.embedded.socialsLayout?.height ?? null);
  const slot = useRef<HTMLDivElement>(null);
  // How many buttons C shows (null until it answered): the slot keeps its expected height meanwhile.
  const [shown, setShown] = useState<number | null>(null);
  const list = Array.isArray(socials) ? socials : [];
  const providers = list.flatMap((name) => {
    const parsed = SocialProviderSchema.safeParse(name);
    return parsed.success ? [parsed.data] : [];
  });
  const farcaster = list.includes('farcaster');
  const key = providers.join(',');
  const asked = key || passkey;
  const initialized = status === 'initialized';
  const failed = status === 'failed';

  // Ask C for its buttons while the modal is open (again after a reload of C); hide them
  // when Connect goes away or the modal closes.
  // Asked again once C is initialized (a reloaded C shows no buttons).
  useWhileOpen(() => {
    const connector = frame.connectors.embedded;
    if (!connector || !asked || failed) return;
    let live = true;
    const list = key ? (key.split(',') as SocialProvider[]) : [];
    void connector.showSocials(list, passkey ? 'login' : undefined).then((answer) => {
      if (live && answer.ok) setShown(answer.value.providers.length + (answer.value.passkey ? 1 : 0));
    });
    return () => {
      live = false;
      void connector.showSocials([]);
    };
  }, [frame, key, passkey, initialized, failed]);

  useWhileOpen(() => {
    const iframe = frame.connectors.embedded?.element();
    if (height === null || !iframe || !slot.current) return;
    return placeOver(iframe, slot.current, { focus: false });
  }, [frame, height]);

  if (!providers.length && !farcaster && !passkey) return null;
  return (
    <div className="airlock-socials">
      {(providers.length || passkey) && shown !== 0 && status !== 'failed' ? (
        <>
          <SlotSentinel edge="first" />
          <div
            ref={slot}
            className="airlock-socials-slot"
            data-testid="socials-slot"
            style={{ height: height ?? socialsSlotEstimate(providers.length, passkey) }}
            aria-hidden="true"
          />
          <SlotSentinel edge="last" />
        </>
      ) : null}
      {farcaster ? (
        <button
          type="button"
          className="airlock-list-item airlock-farcaster"
          aria-label="Farcaster"
          // The ConnectingFarcaster route belongs to the Farcaster login.
          onClick={() => pushRoute(frame, { view: 'ConnectingFarcaster' } as unknown as Route)}
        >
          <svg
            className="airlock-farcaster-logo"
            viewBox="0 0 24 24"
            width="28"
            height="28"
            aria-hidden="true"
            focusable="false"
          >
            <path d={siFarcaster.path} fill={`#${siFarcaster.hex}`} />
          </svg>
          <span className="airlock-list-label">Farcaster</span>
        </button>
      ) : null}
    </div>
  );
}
