import { useState } from 'react';
import { useFrame } from '../core/react.ts';

/**
 * A listing wallet's image through `<img>` (so SVG cannot run script), or a
 * neutral placeholder tile with the wallet's initial when there is no image
 * or it failed to load (spec §9 'placeholder on failure'). Decorative.
 */
export function ListingIcon({ src, name, size = 32 }: { src: string | null | undefined; name: string; size?: number }) {
  const frame = useFrame();
  const [broken, setBroken] = useState(false);
  if (!src || broken || frame.images.failed(src) || !/^(https?:|data:image\/)/.test(src)) {
    return (
      <span
        className="airlock-wallet-icon airlock-icon-placeholder"
        aria-hidden="true"
        style={{ width: size, height: size }}
      >
        {name.slice(0, 1)}
      </span>
    );
  }
  return (
    <img className="airlock-wallet-icon" src={src} alt="" width={size} height={size} onError={() => setBroken(true)} />
  );
}
