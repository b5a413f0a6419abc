/**
 * The gate of the approval window (approval/popup.ts): a top-level window on the secure
 * frame's origin, which no page can cover, mask or scale, but which opens under the
 * pointer of the click that opened it. So its Approve is enabled only once the window has
 * been focused and visible for `minActiveMs` (500 ms) without a break: a click already on
 * its way (a double click on the in-frame button, a click the page asked for in a hurry)
 * lands on a disabled button. Losing focus or visibility disables it again at once.
 */

/** What {@link watchWindowActive} reads: whether the window is active, and its change events. */
export type WindowActivity = {
  /** True while the document is visible and has focus. */
  isActive: () => boolean;
  /** Calls `listener` on every focus, blur or visibility change; @returns unsubscribe */
  subscribe: (listener: () => void) => () => void;
};

/** This window's activity: `document.visibilityState`, `document.hasFocus()`, focus/blur/visibilitychange. */
export function documentActivity(): WindowActivity {
  return {
    isActive: () => document.visibilityState === 'visible' && document.hasFocus(),
    subscribe: (listener) => {
      window.addEventListener('focus', listener);
      window.addEventListener('blur', listener);
      document.addEventListener('visibilitychange', listener);
      return () => {
        window.removeEventListener('focus', listener);
        window.removeEventListener('blur', listener);
        document.removeEventListener('visibilitychange', listener);
      };
    },
  };
}

/**
 * Calls `onChange(true)` once the window has been active for `minActiveMs` (default 500)
 * without a break, `onChange(false)` at once when it is not. Starts disabled.
 * @returns stop
 */
export function watchWindowActive(
  onChange: (enabled: boolean) => void,
  { activity = documentActivity(), minActiveMs = 500 }: { activity?: WindowActivity; minActiveMs?: number } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let enabled = false;
  const check = () => {
    if (!activity.isActive()) {
      clearTimeout(timer);
      timer = undefined;
      if (enabled) {
        enabled = false;
        onChange(false);
      }
      return;
    }
    if (!enabled && timer === undefined)
      timer = setTimeout(() => {
        timer = undefined;
        if (!activity.isActive()) return;
        enabled = true;
        onChange(true);
      }, minActiveMs);
  };
  onChange(false);
  const unsubscribe = activity.subscribe(check);
  check();
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
