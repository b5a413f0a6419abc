import { useState } from 'react';
import type { Network } from '@airlock/protocol';
import { isImageUrl } from './Avatar.tsx';

/**
 * A stable hue (0–359) for `text` (32-bit FNV-1a), so each network keeps its colour and ids
 * that differ in one character (`eip155:31337`, `eip155:31338`) get far-apart colours.
 */
export function networkHue(text: string): number {
  let h = 0x811c9dc5;
  for (const char of text) h = Math.imul(h ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return h % 360;
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
        background: `hsl(${networkHue(network?.caipNetworkId ?? name)} 50% 32%)`,
      }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
