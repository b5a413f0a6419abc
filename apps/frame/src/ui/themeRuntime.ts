import { ok, type Result, type Theme, type ThemeVariables } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import type { ThemeState } from '../store/state.ts';
import { applyThemeMode, applyThemeProperties, themeProperties, type ThemeMode } from './theme.ts';
import { createBrowserColorReader, parseColor, type ColorReader } from './themeColor.ts';

/**
 * The theme at run time: the config's theme at boot, `setTheme` later, the OS colour
 * scheme live — each a store change (`theme` slice) that this module applies to the
 * frame's root at once (no reload; the stylesheet's custom properties repaint).
 */

/** The colour reader of this environment: the browser's where there is a document, else the plain parser. */
function defaultReader(): ColorReader {
  return typeof document === 'undefined' ? parseColor : createBrowserColorReader(document);
}

/** The mode that applies: the dapp's, else the OS's. */
export function effectiveThemeMode(theme: ThemeState): ThemeMode {
  return theme.themeMode ?? theme.systemMode;
}

/**
 * `setTheme` (frame method, spec §3 'Theme sync'): `themeMode` when given replaces the
 * mode; `themeVariables` when given replaces the whole set (absent variables go back to
 * the defaults). Answers -32602 naming the variable when a colour or font is refused
 * (see ui/theme.ts `themeProperties`); then nothing changes.
 */
export function setTheme(frame: Frame, theme: Theme, read: ColorReader = defaultReader()): Result<null> {
  let variables: { themeVariables: ThemeVariables; properties: ThemeState['properties'] } | null = null;
  if (theme.themeVariables) {
    const properties = themeProperties(theme.themeVariables, read);
    if (!properties.ok) return properties;
    variables = { themeVariables: theme.themeVariables, properties: properties.value as ThemeState['properties'] };
  }
  frame.store.setState((s) => ({
    theme: {
      ...s.theme,
      ...(theme.themeMode ? { themeMode: theme.themeMode } : {}),
      ...(variables ?? {}),
    },
  }));
  return ok(null);
}

/** What {@link startTheme} uses (tests pass their own). */
export type ThemeEnvironment = {
  /** The element the properties and `data-theme` go on; default `document.documentElement`. */
  root?: HTMLElement;
  /** The OS colour-scheme query; default `matchMedia('(prefers-color-scheme: dark)')` where it exists. */
  darkQuery?: MediaQueryList | null;
  /** The colour reader; default the browser's. */
  read?: ColorReader;
};

/**
 * Applies the config's theme variables (a refused one is dropped with a console warning:
 * the widget still opens, in the default theme), then keeps the root in step with the
 * store's `theme` slice and the store's `systemMode` in step with the OS. Returns the
 * function that stops listening.
 */
export function startTheme(frame: Frame, environment: ThemeEnvironment = {}): () => void {
  const root = environment.root ?? (typeof document === 'undefined' ? null : document.documentElement);
  const darkQuery =
    environment.darkQuery !== undefined
      ? environment.darkQuery
      : typeof matchMedia === 'function'
        ? matchMedia('(prefers-color-scheme: dark)')
        : null;
  const configured = frame.config.themeVariables;
  if (configured) {
    const applied = setTheme(frame, { themeVariables: configured }, environment.read ?? defaultReader());
    if (!applied.ok) console.warn(`[airlock frame] ${applied.error.message}; the default theme applies`);
  }
  const apply = (theme: ThemeState) => {
    if (!root) return;
    applyThemeMode(root, theme.themeMode);
    applyThemeProperties(root, theme.properties);
  };
  const onScheme = () => {
    const systemMode: ThemeMode = darkQuery?.matches ? 'dark' : 'light';
    if (frame.store.getState().theme.systemMode !== systemMode)
      frame.store.setState((s) => ({ theme: { ...s.theme, systemMode } }));
  };
  onScheme();
  apply(frame.store.getState().theme);
  const stop = frame.store.subscribe((state, previous) => {
    if (state.theme !== previous.theme) apply(state.theme);
  });
  darkQuery?.addEventListener('change', onScheme);
  return () => {
    stop();
    darkQuery?.removeEventListener('change', onScheme);
  };
}

/**
 * The theme for the secure frame (SYNC_THEME, spec §3 'Theme sync'): the mode that
 * applies (the OS's resolved when the dapp set none) and the same custom properties the
 * widget frame's root has, so the approval screens match the modal.
 */
export function syncThemeOf(theme: ThemeState): { themeMode: ThemeMode; themeVariables: Record<string, string> } {
  return { themeMode: effectiveThemeMode(theme), themeVariables: { ...theme.properties } };
}
