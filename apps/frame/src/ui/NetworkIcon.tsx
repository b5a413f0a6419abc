import { useState } from 'react';
import type { Network } from '@airlock/protocol';
import { isImageUrl } from './Avatar.tsx';

/** A stable hue (0–359) for `text`, so each network keeps its colour. */
function hue(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return h;
}

/**
 * A network's icon (spec §3 Network `assets.imageUrl`) through `<img>`, or a round
 * tile of a colour derived from the network id with the name's initial when there is
 * no usable image or it fails to load. Decorative.
 */
export function NetworkIcon({ network, size = 20 }: { network: Network | undefined; size?: number }) {
  const url = network?.assets?.imageUrl;
  const [broken, setBroken] = useState(false);
  if (network && isImageUrl(url) && !broken) {
    return (
      <img
        className="airlock-network-icon"
        src={url}
        alt=""
        width={size}
        height={size}
        onError={() => setBroken(true)}
      />
    );
  }
  const name = network?.name ?? '?';
  return (
    <span
      className="airlock-network-icon airlock-network-initial"
      aria-hidden="true"
      data-testid="network-initial"
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.55),
        background: `hsl(${hue(network?.caipNetworkId ?? name)} 55% 42%)`,
      }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
