import { useState } from 'react';
import { useFrame, useFrameState } from '../core/react.ts';
import { identiconDataUri } from './identicon.ts';

/** True for an image URL the frame may load through `<img>` (so SVG cannot run script): http(s) or a `data:image/` URI. */
export function isImageUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^(https?:|data:image\/)/i.test(url);
}

/**
 * The account's avatar (spec §3 account state `profileImage`): the profile image from
 * `GET /v1/identity` when there is one and it loads, else the address's blocky identicon.
 * Round, `size` px, decorative (the address or name beside it labels the account).
 */
export function Avatar({ address, size = 56 }: { address: string; size?: number }) {
  const frame = useFrame();
  const key = address.toLowerCase();
  // The identity lookup (AccountName) fills the names slice and, with it, the identity cache.
  useFrameState((s) => s.names[key]);
  const profile = frame.caches.identity.get(key)?.avatar;
  const [broken, setBroken] = useState<string | null>(null);
  const src = isImageUrl(profile) && broken !== profile ? profile : identiconDataUri(address);
  return (
    <img
      className="airlock-avatar"
      data-testid="account-avatar"
      data-kind={src === profile ? 'profile' : 'identicon'}
      src={src}
      alt=""
      width={size}
      height={size}
      onError={() => profile && setBroken(profile)}
    />
  );
}
