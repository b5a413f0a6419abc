/**
 * Icons of the bundled wallet registry: small hand-drawn SVG marks in each wallet's brand
 * colours (simplified shapes, not the vendors' artwork), as `data:` URIs so nothing is
 * fetched. Each is a 40 × 40 rounded tile. Loaded only with the listing (AllWallets and the
 * Connect view's recommendations), never in the frame's initial JS.
 */

/** A 40 × 40 tile of `bg` holding `body` (SVG elements), as a `data:image/svg+xml` URI. */
function icon(bg: string, body: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="${bg}"/>${body}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Icons by bundled wallet id. */
export const BUNDLED_ICONS: Readonly<Record<string, string>> = {
  // A fox head: ears, face and muzzle in three oranges.
  metamask: icon(
    '#fff5eb',
    '<path d="M8 9l10 7-2-5z" fill="#e2761b"/><path d="M32 9l-10 7 2-5z" fill="#e2761b"/>' +
      '<path d="M8 9l3 14-2 6 8 3h6l8-3-2-6 3-14-10 7h-4z" fill="#f6851b"/>' +
      '<path d="M16 26l4 3 4-3-1 5h-6z" fill="#c0ad9e"/><circle cx="15" cy="21" r="1.6" fill="#233447"/><circle cx="25" cy="21" r="1.6" fill="#233447"/>',
  ),
  // A shield.
  trust: icon(
    '#0500ff',
    '<path d="M20 8l10 4c0 10-4 17-10 20-6-3-10-10-10-20z" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/><path d="M20 8l10 4c0 10-4 17-10 20z" fill="#48ff91"/>',
  ),
  // A ring with a rounded square inside.
  coinbase: icon(
    '#0052ff',
    '<circle cx="20" cy="20" r="12" fill="#fff"/><rect x="16" y="16" width="8" height="8" rx="1.5" fill="#0052ff"/>',
  ),
  // Rainbow arcs from the lower left corner.
  rainbow: icon(
    '#001e59',
    '<path d="M8 14a18 18 0 0 1 18 18" fill="none" stroke="#ff4000" stroke-width="4"/>' +
      '<path d="M8 19a13 13 0 0 1 13 13" fill="none" stroke="#ffd014" stroke-width="4"/>' +
      '<path d="M8 24a8 8 0 0 1 8 8" fill="none" stroke="#00e06b" stroke-width="4"/>' +
      '<path d="M8 29a3 3 0 0 1 3 3" fill="none" stroke="#00aaff" stroke-width="4"/>',
  ),
  // Corner brackets around a block.
  ledger: icon(
    '#000000',
    '<path d="M9 16V9h7M31 16V9h-7M9 24v7h7M31 24v7h-7" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M16 14v12h8" fill="none" stroke="#fff" stroke-width="2.5"/>',
  ),
  // A ghost with two eyes.
  phantom: icon(
    '#ab9ff2',
    '<path d="M9 27c0-10 5-16 12-16s11 5 11 11c0 3-2 6-5 6-2 0-2-2-3-2s-2 3-4 3-2-2-3-2-2 2-4 2-4-1-4-2z" fill="#fffdf8"/><ellipse cx="20" cy="19" rx="1.5" ry="2.2" fill="#ab9ff2"/><ellipse cx="26" cy="19" rx="1.5" ry="2.2" fill="#ab9ff2"/>',
  ),
  // A checkerboard of five squares.
  okx: icon(
    '#111111',
    '<g fill="#fff"><rect x="9" y="9" width="7" height="7"/><rect x="24" y="9" width="7" height="7"/><rect x="16.5" y="16.5" width="7" height="7"/><rect x="9" y="24" width="7" height="7"/><rect x="24" y="24" width="7" height="7"/></g>',
  ),
  // Two bars and a diagonal.
  zerion: icon('#2962ef', '<path d="M10 11h20l-7 8H10zM30 29H10l7-8h13z" fill="#fff"/>'),
  // A rabbit: two ears over a round head.
  rabby: icon(
    '#7084ff',
    '<ellipse cx="15" cy="12" rx="3" ry="7" fill="#fff"/><ellipse cx="25" cy="12" rx="3" ry="7" fill="#fff"/><circle cx="20" cy="24" r="9" fill="#fff"/><circle cx="17" cy="23" r="1.4" fill="#7084ff"/><circle cx="23" cy="23" r="1.4" fill="#7084ff"/>',
  ),
  // A unicorn horn over a head.
  uniswap: icon(
    '#ff007a',
    '<path d="M22 7l-2 11 5-2z" fill="#fff"/><path d="M11 30c0-8 4-13 11-13 5 0 8 3 8 8 0 3-2 5-5 5z" fill="#fff"/><circle cx="23" cy="22" r="1.5" fill="#ff007a"/>',
  ),
  // Two interlocking hooks.
  safe: icon(
    '#12ff80',
    '<path d="M28 13h-9a4 4 0 0 0 0 8h2a4 4 0 0 1 0 8h-9" fill="none" stroke="#121312" stroke-width="3.5" stroke-linecap="round"/>',
  ),
  // A K.
  keplr: icon(
    '#3a3aff',
    '<path d="M14 10v20M27 10l-11 10 11 10" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>',
  ),
  // An open hand.
  talisman: icon(
    '#d5ff5c',
    '<path d="M12 20v-6M16 19v-9M20 19V8M24 19v-9M28 22v-6M12 20c0 6 3 11 8 11s8-4 8-9" fill="none" stroke="#121212" stroke-width="3" stroke-linecap="round"/><circle cx="20" cy="24" r="2.5" fill="#121212"/>',
  ),
  // An X.
  xverse: icon(
    '#181818',
    '<path d="M11 11l18 18M29 11L11 29" stroke="#fff" stroke-width="4" stroke-linecap="round"/><circle cx="29" cy="11" r="3" fill="#ee7a30"/>',
  ),
  // An upward arrow mark.
  argent: icon(
    '#ff875b',
    '<path d="M20 9v22M12 17l8-8 8 8" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>',
  ),
  // A circle and a dot.
  zengo: icon(
    '#00c1a6',
    '<circle cx="20" cy="20" r="10" fill="none" stroke="#fff" stroke-width="4"/><circle cx="20" cy="20" r="3" fill="#fff"/>',
  ),
};
