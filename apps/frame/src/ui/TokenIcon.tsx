import { useState } from 'react';
import { Coins } from 'lucide-react';
import { isImageUrl } from './Avatar.tsx';

/**
 * A token's icon (spec §3 token balance `iconUrl` / `logoUri`) through `<img>`; when there is
 * none or it fails to load, the symbol's first letter on a neutral tile (`symbol` given), else a
 * neutral coin. Decorative: the symbol beside it names the token.
 */
export function TokenIcon({
  src,
  size = 28,
  symbol,
}: {
  src: string | null | undefined;
  size?: number;
  /** The token's symbol, for the letter fallback. */
  symbol?: string;
}) {
  const [broken, setBroken] = useState(false);
  if (isImageUrl(src) && !broken) {
    return (
      <img className="airlock-row-icon" src={src} alt="" width={size} height={size} onError={() => setBroken(true)} />
    );
  }
  const letter = symbol ? Array.from(symbol.trim())[0]?.toUpperCase() : undefined;
  return (
    <span
      className="airlock-row-icon airlock-token-fallback"
      aria-hidden="true"
      data-testid="token-icon-fallback"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
    >
      {letter ?? <Coins size={Math.round(size * 0.6)} />}
    </span>
  );
}
