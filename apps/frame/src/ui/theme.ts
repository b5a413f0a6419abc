import { ErrorCode, err, ok, type Result, type ThemeVariables } from '@airlock/protocol';
import { readableForeground, type ColorReader } from './themeColor.ts';

/**
 * The dapp's theme variables (FrameConfig.themeVariables, `setTheme`) as the CSS custom
 * properties the frame's stylesheet reads (`styles.css`: `--airlock-accent`, the radius
 * scale, the font …). Values are set one by one with `style.setProperty` on the root,
 * never written into CSS text; the stylesheet holds the defaults and the `color-mix()`.
 * See docs/theming.md.
 */

/** Light or dark. */
export type ThemeMode = 'light' | 'dark';

/** The custom properties the theme may set on the frame's root (and sends to the secure frame). */
export const THEME_PROPERTIES = [
  '--airlock-accent',
  '--airlock-accent-fg',
  '--airlock-mix',
  '--airlock-mix-strength',
  '--airlock-radius',
  '--airlock-radius-button',
  '--airlock-radius-input',
  '--airlock-radius-chip',
  '--airlock-radius-small',
  '--airlock-font',
] as const;

/** One of {@link THEME_PROPERTIES}. */
export type ThemeProperty = (typeof THEME_PROPERTIES)[number];

/** Custom property values by name (only the ones the variables set; the stylesheet's defaults hold for the rest). */
export type ThemeProperties = Partial<Record<ThemeProperty, string>>;

/** The base radius when the dapp sets none, px (the modal's corner). */
export const DEFAULT_RADIUS_PX = 16;

/** How strongly `colorMix` tints the surfaces when the dapp gives the colour but no strength, percent. */
export const DEFAULT_MIX_STRENGTH = 20;

/** The corner radii derived from one base, px. */
export type RadiusScale = {
  /** The modal (and the bottom sheet's top corners): the base itself. */
  modal: number;
  /** Buttons and list rows: ¾ of the base. */
  button: number;
  /** Text inputs and the search field: ⅝ of the base. */
  input: number;
  /** Chips, tags and the toast: twice the base (a pill at the default, square at 0). */
  chip: number;
  /** Small parts (link buttons, skeleton lines, icon placeholders): ⅜ of the base. */
  small: number;
};

/** The radius scale of base `base` px (0–32 per the schema), each rounded to 0.5 px. */
export function radiusScale(base: number): RadiusScale {
  const scaled = (factor: number) => Math.round(base * factor * 2) / 2;
  return { modal: base, button: scaled(0.75), input: scaled(0.625), chip: scaled(2), small: scaled(0.375) };
}

/** Checks a font-family list where the browser can (`CSS.supports`); always true elsewhere. */
function isFontFamily(value: string): boolean {
  if (/var\(|env\(|attr\(/i.test(value)) return false;
  if (typeof CSS === 'undefined' || typeof CSS.supports !== 'function') return true;
  return CSS.supports('font-family', value);
}

/**
 * The custom properties for `variables` (already valid for `ThemeVariablesSchema`).
 * `read` reads a colour as sRGB (see themeColor.ts). Answers -32602 naming the variable
 * when `accent` or `colorMix` is not a colour, or `fontFamily` not a font-family list;
 * nothing is computed for a refused set. `zIndex` is the host's (the page's iframe) and
 * sets nothing here.
 */
export function themeProperties(variables: ThemeVariables, read: ColorReader): Result<ThemeProperties> {
  const properties: ThemeProperties = {};
  if (variables.accent !== undefined) {
    const rgb = read(variables.accent);
    if (!rgb) return err(ErrorCode.InvalidParams, `Invalid theme variable accent: not a CSS colour`);
    properties['--airlock-accent'] = variables.accent;
    properties['--airlock-accent-fg'] = readableForeground(rgb);
  }
  if (variables.colorMix !== undefined) {
    if (!read(variables.colorMix))
      return err(ErrorCode.InvalidParams, `Invalid theme variable colorMix: not a CSS colour`);
    properties['--airlock-mix'] = variables.colorMix;
    properties['--airlock-mix-strength'] = `${variables.colorMixStrength ?? DEFAULT_MIX_STRENGTH}%`;
  }
  if (variables.borderRadius !== undefined) {
    const scale = radiusScale(variables.borderRadius);
    properties['--airlock-radius'] = `${scale.modal}px`;
    properties['--airlock-radius-button'] = `${scale.button}px`;
    properties['--airlock-radius-input'] = `${scale.input}px`;
    properties['--airlock-radius-chip'] = `${scale.chip}px`;
    properties['--airlock-radius-small'] = `${scale.small}px`;
  }
  if (variables.fontFamily !== undefined) {
    if (!isFontFamily(variables.fontFamily))
      return err(ErrorCode.InvalidParams, 'Invalid theme variable fontFamily: not a font-family list');
    properties['--airlock-font'] = variables.fontFamily;
  }
  return ok(properties);
}

/**
 * Sets `properties` on `root` with `style.setProperty` and removes the theme properties
 * it does not name (a new set replaces the old one, it does not merge).
 */
export function applyThemeProperties(root: HTMLElement, properties: ThemeProperties): void {
  for (const name of THEME_PROPERTIES) {
    const value = properties[name];
    if (value === undefined) root.style.removeProperty(name);
    else root.style.setProperty(name, value);
  }
}

/**
 * Sets the mode on `root` (`data-theme`), or removes it for null so the stylesheet follows
 * the OS (`prefers-color-scheme`, live). The root's own `color-scheme` stays light either
 * way (styles.css explains why).
 */
export function applyThemeMode(root: HTMLElement, mode: ThemeMode | null): void {
  if (mode) root.dataset.theme = mode;
  else delete root.dataset.theme;
}
