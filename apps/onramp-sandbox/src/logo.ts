/**
 * The sandbox partners' logos (`GET /logo/<partner id>.svg`): the sandbox's own simple marks, a rounded
 * tile in a colour picked from the id with the id's initials (`harbor-pay` → `HP`), so the dev stack's
 * Buy view shows each provider's logo from the provider's own origin as a real one would.
 */

/** Tile colours (white text reads on each at 4.5:1 or more). */
const COLOURS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c', '#0f766e', '#4338ca'];

/** The initials of a partner id: the first letter of its first two dash-separated words, upper case. */
export function partnerInitials(id: string): string {
  return id
    .split('-')
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/**
 * The SVG logo of partner `id` (`^[a-z0-9-]{1,32}$`, the API's provider id pattern): 64 × 64 with a
 * viewBox, no script, no external reference. Pure.
 */
export function partnerLogoSvg(id: string): string {
  // 32-bit FNV-1a of the id: the dev partners (harbor-pay, lantern-ramp) land on different colours.
  let hash = 0x811c9dc5;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  const colour = COLOURS[hash % COLOURS.length];
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" rx="16" fill="${colour}"/>` +
    '<text x="32" y="41" text-anchor="middle" font-family="system-ui,sans-serif" font-size="26" font-weight="700" fill="#fff">' +
    `${partnerInitials(id)}</text></svg>`
  );
}
