import type { FrameConfig, ThemeVariables } from '@airlock/protocol';

/**
 * Creates the widget's one iframe and appends it to `parent` (default `document.body`; the
 * embedded mode's extension passes its own, see `ExtensionContext.parent`), hidden
 * (preloaded at `createWidget`, so opening is instant).
 *
 * - `title` "Airlock wallet widget", `allow` "clipboard-write";
 * - `src` = `frameUrl + '?config=' + encodeURIComponent(JSON.stringify(config))`;
 * - styled only through CSSOM (`element.style`), never a `<style>` tag or a style
 *   attribute in markup, so a strict CSP on the dapp needs only `frame-src`:
 *   a full-viewport transparent overlay (fixed, inset 0, 100% × 100%, no border,
 *   color-scheme normal, z-index `config.themeVariables.zIndex`, see {@link setZIndex}). The caller hides it at once with
 *   {@link frameLayout} (same task, so it is never painted shown).
 */
export const mountFrame = (
  frameUrl: string,
  config: FrameConfig,
  parent: Pick<ParentNode, 'append'> = document.body,
): HTMLIFrameElement => {
  const f = document.createElement('iframe');
  f.title = 'Airlock wallet widget';
  f.allow = 'clipboard-write';
  // biome-ignore lint/style/useTemplate: the concatenation gzips 2 B smaller in the host script (its budget).
  f.src = frameUrl + '?config=' + encodeURIComponent(JSON.stringify(config));
  // CSSOM (not a style attribute in markup), so a strict CSP needs only frame-src (no style-src).
  f.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;background:transparent;color-scheme:normal';
  setZIndex(f, config.themeVariables);
  parent.append(f);
  return f;
};

/**
 * Shows (`open: true`: opacity back to 1, not inert) or hides (`opacity: 0`, `inert`) the
 * overlay. A hidden frame keeps rendering, so opening only reveals it, and `inert` keeps it
 * from every click, focus and the accessibility tree meanwhile.
 * On show it remembers `document.activeElement` and focuses the iframe; on hide it
 * gives focus back to that element (WAI-ARIA dialog focus handling).
 *
 * @returns a function with the same contract, bound to `frame`.
 */
export const frameLayout = (frame: HTMLIFrameElement): ((open: boolean) => void) => {
  let last: HTMLElement | null = null;
  return (open) => {
    frame.style.opacity = (frame.inert = !open) ? '0' : '';
    if (open) (last ??= document.activeElement as HTMLElement | null), frame.focus();
    else last?.focus(), (last = null);
  };
};

/**
 * Sets the overlay's CSS z-index to the theme variables' `zIndex` (an integer,
 * 0–2147483647), or to 2147483647, above everything, when it is absent.
 */
export const setZIndex = (frame: HTMLIFrameElement, themeVariables?: ThemeVariables): void => {
  frame.style.zIndex = `${themeVariables?.zIndex ?? 2147483647}`;
};
