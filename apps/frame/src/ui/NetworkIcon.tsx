import { useState } from 'react';
import type { Network } from '@airlock/protocol';
import { isImageUrl } from './Avatar.tsx';
import { networkHue, networkLogo } from './networkLogos.ts';

/**
 * A network's icon, decorative (the name beside it labels it):
 * 1. the frame's own mark for a well-known network ({@link networkLogo}, an SVG file on the frame's
 *    origin), with its one-letter badge for a local chain (drawn from `data-badge` by CSS, so it is no
 *    part of the text around it); a page cannot restyle a network the frame knows;
 * 2. else the page's spec §3 Network `assets.imageUrl` (http(s) or `data:image/`, through `<img>`, so
 *    an SVG cannot run script);
 * 3. else, and whenever the image fails to load, a round tile in a colour derived from the network
 *    id with the name's initial.
 * `data-logo` says which: `frame`, `page` (an `<img>`), or the tile's `data-testid="network-initial"`.
 */
export function NetworkIcon({ network, size = 20 }: { network: Network | undefined; size?: number }) {
  const own = networkLogo(network?.caipNetworkId);
  const pageUrl = network?.assets?.imageUrl;
  const url = own?.url ?? (isImageUrl(pageUrl) ? pageUrl : undefined);
  const [broken, setBroken] = useState<string | null>(null);
  const hue = networkHue(network?.caipNetworkId ?? network?.name ?? '?');
  if (network && url && broken !== url) {
    const img = (
      <img
        className="airlock-network-icon"
        src={url}
        alt=""
        width={size}
        height={size}
        style={{ width: size, height: size }}
        data-logo={own ? 'frame' : 'page'}
        onError={() => setBroken(url)}
      />
    );
    if (!own?.badge) return img;
    return (
      <span className="airlock-network-badged" style={{ width: size, height: size }}>
        {img}
        <span
          className="airlock-network-badge"
          aria-hidden="true"
          data-testid="network-badge"
          data-badge={own.badge}
          style={{ background: `hsl(${hue} 50% 32%)`, fontSize: Math.max(7, Math.round(size * 0.32)) }}
        />
      </span>
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
        background: `hsl(${hue} 50% 32%)`,
      }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
