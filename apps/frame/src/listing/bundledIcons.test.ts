import { describe, expect, it } from 'vitest';
import { BUNDLED_WALLETS } from './bundled.ts';

describe('bundled wallet icons', () => {
  it('every bundled wallet has a small SVG mark of its own, not a letter tile', () => {
    const icons = BUNDLED_WALLETS.map((w) => w.image_url ?? '');
    for (const url of icons) {
      expect(url).toMatch(/^data:image\/svg\+xml,/);
      const svg = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
      expect(svg).not.toContain('<text');
      expect(svg).not.toMatch(/<script|on\w+=/i);
      expect(url.length).toBeLessThan(2_000);
    }
    expect(new Set(icons).size).toBe(icons.length);
  });
});
