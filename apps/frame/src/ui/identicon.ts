import { renderIcon } from '@download/blockies';

/**
 * The blocky identicon of `address` (the MetaMask / Etherscan 'blockies' pattern from
 * `@download/blockies`, seeded with the lowercase address) as an SVG data URI: 8×8 cells,
 * mirrored, three colours. The library draws through a 2D context; this records its
 * `fillRect` calls as SVG rectangles, so it needs no canvas and is the same in every browser.
 */
export function identiconDataUri(address: string): string {
  const rects: string[] = [];
  const context = {
    fillStyle: '',
    fillRect(x: number, y: number, w: number, h: number) {
      rects.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${this.fillStyle}"/>`);
    },
  };
  const canvas = { width: 0, height: 0, getContext: () => context };
  renderIcon({ seed: address.toLowerCase(), size: 8, scale: 1 }, canvas);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" shape-rendering="crispEdges">${rects.join('')}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
