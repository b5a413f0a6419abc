import { useState } from 'react';
import { Wallet } from 'lucide-react';

/**
 * A wallet's EIP-6963 icon (a validated `data:image/…` URI), rendered only
 * through `<img>` so an SVG icon cannot run script; a neutral wallet glyph in a
 * tile of the same size when it fails to load. Decorative: the wallet's name labels
 * the surrounding control.
 */
export function WalletIcon({ src, size = 40 }: { src: string; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (broken === src) {
    return (
      <span
        className="airlock-wallet-icon airlock-icon-placeholder"
        aria-hidden="true"
        data-testid="wallet-icon-fallback"
        style={{ width: size, height: size }}
      >
        <Wallet size={Math.round(size * 0.55)} />
      </span>
    );
  }
  return (
    <img className="airlock-wallet-icon" src={src} alt="" width={size} height={size} onError={() => setBroken(src)} />
  );
}
