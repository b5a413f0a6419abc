import type { Widget } from '@airlock/host-sdk';
import { byId } from './dom.ts';

/**
 * The demo's theme picker (docs/theming.md): light / dark / the OS's, and an accent colour.
 * The page's query carries the choice (`?themeMode=dark&accent=%23e8590c`) into its
 * `createWidget` call, so a reload keeps it; a change applies at once through the widget's
 * `setThemeMode` / `setThemeVariables` where the host SDK has them, else by reloading the page.
 */

/** A theme mode of the picker: the OS's, or a fixed one. */
type PickedMode = 'system' | 'light' | 'dark';

/** The live theme methods of the widget (host SDK), when this build has them. */
type LiveTheme = {
  setThemeMode(mode: 'light' | 'dark'): unknown;
  setThemeVariables(variables: { accent?: string }): unknown;
};

/** The `createWidget` theme options of the query: `themeMode` (light or dark) and `accent` (a `#rrggbb` colour). */
export function demoThemeOptions(search: string): {
  themeMode?: 'light' | 'dark';
  themeVariables?: { accent: string };
} {
  const params = new URLSearchParams(search);
  const mode = params.get('themeMode');
  const accent = params.get('accent');
  return {
    ...(mode === 'light' || mode === 'dark' ? { themeMode: mode } : {}),
    ...(accent && /^#[0-9a-fA-F]{6}$/.test(accent) ? { themeVariables: { accent } } : {}),
  };
}

/** `search` with the picker's choice (an empty value removes the parameter). */
function withTheme(search: string, name: 'themeMode' | 'accent', value: string): string {
  const params = new URLSearchParams(search);
  if (value) params.set(name, value);
  else params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Wires the picker (`#theme-mode`, `#theme-accent`, `#theme-reset`) to `widget`: shows the
 * query's choice, and applies a change live when the widget can, else reloads with it.
 */
export function installThemePicker(widget: Widget, search: string = location.search): void {
  const mode = byId<HTMLSelectElement>('theme-mode');
  const accent = byId<HTMLInputElement>('theme-accent');
  const reset = byId<HTMLButtonElement>('theme-reset');
  const initial = demoThemeOptions(search);
  mode.value = initial.themeMode ?? 'system';
  if (initial.themeVariables) accent.value = initial.themeVariables.accent;
  const live = widget as Widget & Partial<LiveTheme>;
  const remember = (name: 'themeMode' | 'accent', value: string) =>
    history.replaceState(null, '', `${location.pathname}${withTheme(location.search, name, value)}${location.hash}`);
  const reload = (name: 'themeMode' | 'accent', value: string) =>
    location.assign(`${location.pathname}${withTheme(location.search, name, value)}${location.hash}`);

  mode.addEventListener('change', () => {
    const picked = mode.value as PickedMode;
    // Back to the OS's scheme needs a fresh widget (a set mode stays set).
    if (picked === 'system' || typeof live.setThemeMode !== 'function')
      return reload('themeMode', picked === 'system' ? '' : picked);
    void live.setThemeMode(picked);
    remember('themeMode', picked);
  });
  accent.addEventListener('change', () => {
    if (typeof live.setThemeVariables !== 'function') return reload('accent', accent.value);
    void live.setThemeVariables({ accent: accent.value });
    remember('accent', accent.value);
  });
  reset.addEventListener('click', () => {
    const params = new URLSearchParams(location.search);
    params.delete('themeMode');
    params.delete('accent');
    const text = params.toString();
    location.assign(`${location.pathname}${text ? `?${text}` : ''}${location.hash}`);
  });
}
