/**
 * The synced theme (SYNC_THEME, spec §3 'Theme sync') on the secure frame's root, so the
 * approval screens match the widget's modal. The widget frame sends its own root's custom
 * properties (`--airlock-*`, docs/theming.md); this frame takes only the names it knows,
 * maps them to its own (`--al-*`, styles.css), checks each value against a conservative
 * character set and sets it with `style.setProperty` (never CSS text). Anything else is
 * ignored: a value can neither close a declaration nor reach another property.
 *
 * The secure frame owns its contrast: the theme comes from the dapp page, so before it is
 * applied the colours it would produce are computed (the mix blended into this mode's
 * background as styles.css does, the accent under Approve's label) and every text colour
 * must reach 4.5:1 (WCAG AA) against its background; a mix or an accent that breaks
 * that is dropped and the default palette stays ({@link readableTheme}).
 */
import { browserColorReader, contrastRatio, MIN_TEXT_CONTRAST, mixSrgb, type Rgba } from './contrast.ts';

/** The synced property names this frame applies, and the property each one sets here. */
export const SYNCED_PROPERTIES = {
  '--airlock-accent': '--al-accent',
  '--airlock-accent-fg': '--al-accent-fg',
  '--airlock-mix': '--al-mix',
  '--airlock-mix-strength': '--al-mix-strength',
  '--airlock-radius': '--al-radius',
  '--airlock-radius-button': '--al-radius-button',
  '--airlock-radius-input': '--al-radius-input',
  '--airlock-font': '--al-font',
} as const;

/** Values a synced property may have: the protocol's theme-value characters, no substitution function. */
function isSafeValue(value: string): boolean {
  return value.length <= 200 && /^[A-Za-z0-9 #%.,()_-]*$/.test(value) && !/var\(|env\(|attr\(/i.test(value);
}

/**
 * The `--al-*` properties for a synced `themeVariables` record: known names with safe
 * values only (numbers become strings); unknown names and unsafe values are dropped.
 */
export function localThemeProperties(variables: Record<string, string | number>): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [synced, local] of Object.entries(SYNCED_PROPERTIES)) {
    const value = variables[synced];
    if (value === undefined) continue;
    const text = String(value);
    if (isSafeValue(text)) properties[local] = text;
  }
  return properties;
}

/**
 * This frame's own palette per mode (the values of styles.css `:root` and
 * `:root[data-theme='dark']`; ui/theme.test.ts checks they agree): the base background,
 * the text colours drawn on it, and the accent pair of the Approve button.
 */
export const PALETTE = {
  light: {
    baseBg: '#ffffff',
    fg: '#141414',
    muted: '#6b6b6b',
    warning: '#a15c00',
    accent: '#3b5bfd',
    accentFg: '#ffffff',
  },
  dark: {
    baseBg: '#1b1b1f',
    fg: '#f2f2f2',
    muted: '#a0a0a8',
    warning: '#ffb454',
    accent: '#6b86ff',
    accentFg: '#0b0d12',
  },
} as const;

/** The properties {@link readableTheme} may add (secondary text colours moved to read on the mixed surface). */
const ADJUSTED_PROPERTIES = ['--al-muted', '--al-warning'] as const;

/** A theme part {@link readableTheme} refused: the surface mix, or the accent pair. */
export type RefusedThemePart = 'mix' | 'accent';

/** A mix strength `30`, `30%` or `30.5%` as 0–1; null when not a number from 0 to 100. */
function strengthOf(text: string | undefined): number | null {
  if (text === undefined) return 0;
  const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(text);
  const value = match ? Number.parseFloat(match[1]!) : Number.NaN;
  return value >= 0 && value <= 100 ? value / 100 : null;
}

const opaque = (color: Rgba | null): color is Rgba => color !== null && color[3] === 1;

/**
 * `colour` when it reaches 4.5:1 on `bg` (undefined: nothing to change), else the first
 * blend towards `fg` (in tenths) that does, as `rgb(r g b)`; `fg` itself must read on `bg`.
 */
function readableOn(colour: Rgba, fg: Rgba, bg: Rgba): string | undefined {
  if (contrastRatio(colour, bg) >= MIN_TEXT_CONTRAST) return undefined;
  for (let step = 1; step <= 10; step++) {
    const [r, g, b] = mixSrgb(fg, step / 10, colour).map(Math.round) as unknown as Rgba;
    if (contrastRatio([r, g, b, 1], bg) >= MIN_TEXT_CONTRAST) return `rgb(${r} ${g} ${b})`;
  }
  return undefined;
}

/**
 * The `--al-*` properties of a synced theme made safe to read: the background the mix
 * would give (`color-mix(in srgb, mix strength, base)`, styles.css) must leave the text
 * at ≥ 4.5:1, else the mix is dropped (default surface); the muted labels ("Requested by")
 * and the warning that would fall under 4.5:1 on it are moved towards the text colour
 * until they reach it (`--al-muted`, `--al-warning`); Approve's label on the accent must reach 4.5:1, else the accent pair
 * is dropped (default accent). A colour that cannot be read, or a translucent one, counts
 * as failing. A kept strength is written as a percentage (`30` → `30%`), as CSS needs.
 * @param read parses a CSS colour (default: the browser's parser, {@link browserColorReader})
 * @returns the properties to apply and what was refused
 */
export function readableTheme(
  properties: Record<string, string>,
  mode: 'light' | 'dark',
  read: (value: string) => Rgba | null = browserColorReader,
): { properties: Record<string, string>; refused: RefusedThemePart[] } {
  const palette = PALETTE[mode];
  const result = { ...properties };
  const refused: RefusedThemePart[] = [];
  if (result['--al-accent'] !== undefined || result['--al-accent-fg'] !== undefined) {
    const accent = read(result['--al-accent'] ?? palette.accent);
    const label = read(result['--al-accent-fg'] ?? palette.accentFg);
    if (!opaque(accent) || !opaque(label) || contrastRatio(accent, label) < MIN_TEXT_CONTRAST) {
      delete result['--al-accent'];
      delete result['--al-accent-fg'];
      refused.push('accent');
    }
  }
  if (result['--al-mix'] !== undefined || result['--al-mix-strength'] !== undefined) {
    const strength = strengthOf(result['--al-mix-strength']);
    const mix = read(result['--al-mix'] ?? 'transparent');
    const base = read(palette.baseBg)!;
    const bg = strength !== null && mix && (strength === 0 || mix[3] === 1) ? mixSrgb(mix, strength, base) : null;
    if (bg !== null && contrastRatio(read(palette.fg)!, bg) >= MIN_TEXT_CONTRAST) {
      result['--al-mix-strength'] = `${Math.round((strength ?? 0) * 10_000) / 100}%`;
      // The secondary colours move towards the text colour until they read (the text colour itself always does).
      for (const [name, colour] of [
        ['--al-muted', palette.muted],
        ['--al-warning', palette.warning],
      ] as const) {
        const adjusted = readableOn(read(colour)!, read(palette.fg)!, bg);
        if (adjusted) result[name] = adjusted;
      }
    } else {
      delete result['--al-mix'];
      delete result['--al-mix-strength'];
      refused.push('mix');
    }
  }
  return { properties: result, refused };
}

/**
 * Applies a synced theme to `root`: `data-theme` (light or dark) and the mapped
 * properties that keep the approval readable ({@link readableTheme}; what was refused is
 * named in `data-theme-refused`); properties the new set does not name are removed (a
 * set replaces the last).
 */
export function applySyncedTheme(
  root: HTMLElement,
  theme: { themeMode: 'light' | 'dark'; themeVariables: Record<string, string | number> },
): void {
  root.dataset.theme = theme.themeMode;
  const { properties, refused } = readableTheme(localThemeProperties(theme.themeVariables), theme.themeMode);
  if (refused.length) root.dataset.themeRefused = refused.join(' ');
  else delete root.dataset.themeRefused;
  for (const local of [...Object.values(SYNCED_PROPERTIES), ...ADJUSTED_PROPERTIES]) {
    const value = properties[local];
    if (value === undefined) root.style.removeProperty(local);
    else root.style.setProperty(local, value);
  }
}
