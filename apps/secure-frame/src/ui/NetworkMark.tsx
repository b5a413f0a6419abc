import { networkHue, networkLogo } from '@airlock/network-logos';
import { useState } from 'react';

/**
 * A network's mark beside its name in an approval, decorative (`alt=""`: the name is the text, and
 * the mark adds nothing a screen reader needs). Only the secure frame's own build is drawn: the mark of
 * a well-known network by its CAIP-2 id (`@airlock/network-logos`, the same table as the widget frame's,
 * an SVG asset served from this origin), with a local chain's one-letter badge. Nothing the page sends
 * (no image URL, no name) reaches it, so a page cannot dress a network in another's mark. Any other
 * network, or a mark that fails to load, shows a round tile with the initial of `name` (the trusted
 * name shown beside it) in a colour derived from the id, as the widget frame does.
 * `data-logo="secure-frame"` on the image, `data-testid="network-initial"` on the tile.
 */
export function NetworkMark({
  caipNetworkId,
  name,
  size = 18,
}: {
  caipNetworkId: string;
  name: string;
  size?: number;
}) {
  const own = networkLogo(caipNetworkId);
  const [broken, setBroken] = useState<string | null>(null);
  const hue = networkHue(caipNetworkId);
  if (own && broken !== own.url) {
    const img = (
      <img
        className="network-mark"
        src={own.url}
        alt=""
        width={size}
        height={size}
        data-testid="network-mark"
        data-logo="secure-frame"
        onError={() => setBroken(own.url)}
      />
    );
    if (!own.badge) return img;
    return (
      <span className="network-badged">
        {img}
        <span
          className="network-badge"
          aria-hidden="true"
          data-testid="network-badge"
          data-badge={own.badge}
          style={{ background: `hsl(${hue} 50% 32%)` }}
        />
      </span>
    );
  }
  return (
    <span
      className="network-mark network-initial"
      aria-hidden="true"
      data-testid="network-initial"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.55), background: `hsl(${hue} 50% 32%)` }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
