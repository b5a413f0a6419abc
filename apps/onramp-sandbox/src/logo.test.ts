import { describe, expect, it } from 'vitest';
import { partnerInitials, partnerLogoSvg } from './logo.ts';

describe("the sandbox partners' logos", () => {
  it("draws the id's initials on a tile, a different colour for each dev partner, with no script or reference", () => {
    expect(partnerInitials('harbor-pay')).toBe('HP');
    expect(partnerInitials('solo')).toBe('S');
    const [harbor, lantern] = ['harbor-pay', 'lantern-ramp'].map(partnerLogoSvg);
    const fill = (svg: string) => /<rect [^>]*fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    expect(fill(harbor!)).toBeDefined();
    expect(fill(harbor!)).not.toBe(fill(lantern!));
    for (const svg of [harbor!, lantern!]) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" [^>]*viewBox="0 0 64 64">/);
      expect(svg).not.toMatch(/<script|href|on\w+=/i);
    }
  });
});
