import { useState } from 'react';
import { Coins } from 'lucide-react';
import { isImageUrl } from './Avatar.tsx';

/**
 * A token's icon (spec §3 token balance `iconUrl` / `logoUri`) through `<img>`, or a
 * neutral coin tile when there is none or it fails to load. Decorative: the symbol beside
 * it names the token.
 */
export function TokenIcon({ src, size = 28 }: { src: string | null | undefined; size?: number }) {
  const [broken, setBroken] = useState(false);
  if (isImageUrl(src) && !broken) {
    return (
      <img className="airlock-row-icon" src={src} alt="" width={size} height={size} onError={() => setBroken(true)} />
    );
  }
  return (
    <span className="airlock-row-icon airlock-token-fallback" aria-hidden="true" data-testid="token-icon-fallback">
      <Coins size={Math.round(size * 0.6)} />
    </span>
  );
}
