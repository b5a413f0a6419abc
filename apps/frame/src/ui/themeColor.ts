/**
 * Colours of the theme variables: reading a CSS colour as sRGB, and the WCAG 2.x contrast
 * maths the frame uses to pick a readable foreground on the dapp's accent.
 * Source: WCAG 2.2 'relative luminance' and 'contrast ratio' definitions; AA asks 4.5:1
 * for normal text.
 */

/** An sRGB colour: red, green, blue, each 0–255. */
export type Rgb = readonly [number, number, number];

/** Reads a CSS colour as sRGB, or null when it is not one (or not one this reader knows). */
export type ColorReader = (value: string) => Rgb | null;

/** WCAG AA minimum contrast ratio for normal text. */
export const AA_CONTRAST = 4.5;

/** The two foregrounds the frame chooses from on an accent: white and black (one of them always reaches AA). */
export const LIGHT_FOREGROUND = '#ffffff';
/** See {@link LIGHT_FOREGROUND}. */
export const DARK_FOREGROUND = '#000000';

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** WCAG relative luminance of `rgb`, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours, 1 to 21 (order does not matter). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The readable text colour on `background`: white or black, whichever contrasts more.
 * The better of the two is always at least 4.58:1, so the choice always passes WCAG AA.
 */
export function readableForeground(background: Rgb): typeof LIGHT_FOREGROUND | typeof DARK_FOREGROUND {
  return contrastRatio(background, WHITE) >= contrastRatio(background, BLACK) ? LIGHT_FOREGROUND : DARK_FOREGROUND;
}

const byte = (value: number) => Math.round(Math.min(255, Math.max(0, value)));

/** A channel of `rgb()`: a number 0–255 or a percentage. */
function rgbChannel(part: string): number | null {
  const match = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(part);
  if (!match) return null;
  const value = Number(match[1]);
  return byte(match[2] ? (value * 255) / 100 : value);
}

/** The sRGB of `hsl(h s% l%)`, h in degrees (CSS Color 4 'hsl to rgb'). */
function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const s = saturation / 100;
  const l = lightness / 100;
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return byte(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/**
 * Reads the colour syntaxes with no lookup table: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
 * `rgb()`/`rgba()` and `hsl()`/`hsla()` (comma or space separated; alpha is ignored: the
 * accent is painted opaque in the contrast maths). Anything else → null (the browser
 * reader, {@link createBrowserColorReader}, knows the rest).
 */
export const parseColor: ColorReader = (input) => {
  const value = input.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    return [parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16)];
  }
  const fn = /^(rgba?|hsla?)\(([^()]*)\)$/.exec(value);
  if (!fn) return null;
  const parts = fn[2]!
    .replace(/\s*\/\s*/, ' ')
    .split(/\s*,\s*|\s+/)
    .filter(Boolean);
  if (parts.length !== 3 && parts.length !== 4) return null;
  if (fn[1]!.startsWith('rgb')) {
    const channels = parts.slice(0, 3).map(rgbChannel);
    return channels.every((c) => c !== null) ? (channels as unknown as Rgb) : null;
  }
  const hue = /^(-?\d+(?:\.\d+)?)(deg)?$/.exec(parts[0]!);
  const percents = parts.slice(1, 3).map((p) => /^(\d+(?:\.\d+)?)%$/.exec(p));
  if (!hue || percents.some((p) => !p)) return null;
  const [s, l] = percents.map((p) => Math.min(100, Number(p![1])));
  return hslToRgb(((Number(hue[1]) % 360) + 360) % 360, s!, l!);
};

/** Values that CSS accepts where a colour goes but that are not one colour (keywords and substitutions). */
const NOT_A_COLOR = /^(inherit|initial|unset|revert|revert-layer|currentcolor|transparent)$|var\(|env\(|attr\(/i;

/**
 * The browser's colour reader: any CSS colour the browser knows (names, `oklch()` …) is
 * painted on a 1×1 canvas and read back as sRGB. Refuses CSS-wide keywords, `currentcolor`,
 * `transparent` and `var()`/`env()`/`attr()` (they are not one fixed colour).
 * Falls back to {@link parseColor} where there is no canvas or `CSS.supports`.
 */
export function createBrowserColorReader(doc: Document): ColorReader {
  let context: CanvasRenderingContext2D | null | undefined;
  return (value) => {
    if (NOT_A_COLOR.test(value.trim())) return null;
    const parsed = parseColor(value);
    if (parsed) return parsed;
    if (typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || !CSS.supports('color', value)) return null;
    if (context === undefined) {
      const canvas = doc.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      context = canvas.getContext('2d', { willReadFrequently: true });
    }
    if (!context) return null;
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = '#000000';
    context.fillStyle = value;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0];
  };
}
