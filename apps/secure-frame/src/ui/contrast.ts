/**
 * Colour arithmetic of the approval's contrast check (ui/theme.ts): parsing the colours a
 * synced theme may carry, the `color-mix(in srgb, …)` the stylesheet applies, and the WCAG 2.x
 * contrast ratio (relative luminance, https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
 */

/** An sRGB colour: red, green, blue 0–255 and alpha 0–1. */
export type Rgba = readonly [r: number, g: number, b: number, a: number];

/** The contrast WCAG 2.x level AA asks of body text (1.4.3): 4.5:1. */
export const MIN_TEXT_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)(?:[\s,]+([\d.]+%?))?\s*\)$/i;

const channel = (text: string) =>
  text.endsWith('%') ? (Number.parseFloat(text) / 100) * 255 : Number.parseFloat(text);
const alpha = (text: string | undefined) =>
  text === undefined ? 1 : text.endsWith('%') ? Number.parseFloat(text) / 100 : Number.parseFloat(text);

/**
 * Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` (commas or spaces) and
 * `transparent`. @returns the colour, or null for anything else (names, hsl() …: the caller
 * may ask the browser, see {@link browserColorReader}) or out-of-range channels
 */
export function parseColor(value: string): Rgba | null {
  const text = value.trim().toLowerCase();
  if (text === 'transparent') return [0, 0, 0, 0];
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((d) => d + d) : (hex.match(/../g) ?? []);
    const [r, g, b, a = 'ff'] = digits.map((d) => d);
    return [Number.parseInt(r!, 16), Number.parseInt(g!, 16), Number.parseInt(b!, 16), Number.parseInt(a, 16) / 255];
  }
  const rgb = RGB.exec(text);
  if (!rgb) return null;
  const color: Rgba = [channel(rgb[1]!), channel(rgb[2]!), channel(rgb[3]!), alpha(rgb[4])];
  const inRange = color.every((c, i) => Number.isFinite(c) && c >= 0 && c <= (i === 3 ? 1 : 255));
  return inRange ? color : null;
}

/**
 * Reads any CSS colour with the browser's own parser (a 2D canvas normalises `fillStyle` to
 * `#rrggbb` or `rgba(…)`), falling back to {@link parseColor}. @returns null when not a colour
 */
export function browserColorReader(value: string): Rgba | null {
  const parsed = parseColor(value);
  if (parsed || typeof document === 'undefined') return parsed;
  const context = document.createElement('canvas').getContext?.('2d');
  if (!context) return null;
  // A value the canvas refuses leaves fillStyle unchanged: compare with two different sentinels.
  context.fillStyle = '#000000';
  context.fillStyle = value;
  const first = String(context.fillStyle);
  context.fillStyle = '#ffffff';
  context.fillStyle = value;
  return first === String(context.fillStyle) ? parseColor(first) : null;
}

/** `color-mix(in srgb, mix strength, base)` for opaque colours; `strength` 0–1. */
export function mixSrgb(mix: Rgba, strength: number, base: Rgba): Rgba {
  const s = Math.min(1, Math.max(0, strength));
  return [0, 1, 2].map((i) => mix[i]! * s + base[i]! * (1 - s)).concat(1) as unknown as Rgba;
}

/** WCAG relative luminance of an opaque sRGB colour (0 black … 1 white). */
export function relativeLuminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two opaque colours, 1 (none) … 21 (black on white). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
