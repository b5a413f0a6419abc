import type { SocialProvider } from '@airlock/protocol';
import { siApple, siDiscord, siFacebook, siGithub, siGoogle, siX } from 'simple-icons';

/**
 * The providers' logos on the social buttons, from `simple-icons` (CC0; each icon is
 * imported by name, so only these six are bundled). An icon is one SVG path in a
 * 24x24 box and its brand colour.
 */

/** An icon: its SVG path (24x24 view box) and brand colour (`#rrggbb`). */
export type BrandIcon = { path: string; hex: string };

/** The logo of each provider. */
export const PROVIDER_ICONS: Record<SocialProvider, BrandIcon> = {
  google: { path: siGoogle.path, hex: `#${siGoogle.hex}` },
  github: { path: siGithub.path, hex: `#${siGithub.hex}` },
  apple: { path: siApple.path, hex: `#${siApple.hex}` },
  facebook: { path: siFacebook.path, hex: `#${siFacebook.hex}` },
  x: { path: siX.path, hex: `#${siX.hex}` },
  discord: { path: siDiscord.path, hex: `#${siDiscord.hex}` },
};

/** The surfaces the buttons sit on (styles.css `--al-base-bg`, light and dark). */
export const BUTTON_SURFACES = ['#ffffff', '#1b1b1f'] as const;

/** Relative luminance of `#rrggbb` (WCAG 2.x). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour a logo is drawn in: its brand colour when that reads on both the light and
 * the dark surface (at least 3:1, WCAG 1.4.11 for graphics), else `currentColor` (the
 * theme's foreground: GitHub, Apple and X, whose brand colour is black).
 */
export function iconColour(provider: SocialProvider): string {
  const { hex } = PROVIDER_ICONS[provider];
  return BUTTON_SURFACES.every((surface) => contrastRatio(hex, surface) >= 3) ? hex : 'currentColor';
}
