/**
 * The synced theme (SYNC_THEME, spec §3 'Theme sync') on the secure frame's root, so the
 * approval screens match the widget's modal. The widget frame sends its own root's custom
 * properties (`--airlock-*`, docs/theming.md); this frame takes only the names it knows,
 * maps them to its own (`--al-*`, styles.css), checks each value against a conservative
 * character set and sets it with `style.setProperty` (never CSS text). Anything else is
 * ignored: a value can neither close a declaration nor reach another property.
 */

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
 * Applies a synced theme to `root`: `data-theme` (light or dark) and the mapped
 * properties; properties the new set does not name are removed (a set replaces the last).
 */
export function applySyncedTheme(
  root: HTMLElement,
  theme: { themeMode: 'light' | 'dark'; themeVariables: Record<string, string | number> },
): void {
  root.dataset.theme = theme.themeMode;
  const properties = localThemeProperties(theme.themeVariables);
  for (const local of Object.values(SYNCED_PROPERTIES)) {
    const value = properties[local];
    if (value === undefined) root.style.removeProperty(local);
    else root.style.setProperty(local, value);
  }
}
