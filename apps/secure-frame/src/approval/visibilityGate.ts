/**
 * The clickjacking gate of the approval screen (docs/threat-model.md "Embedded wallet"):
 * Approve is enabled only after the approval has been continuously visible for
 * `minVisibleMs` (500 ms) according to IntersectionObserver v2 (`trackVisibility`:
 * the browser reports `isVisible` false while anything covers the element, or it is
 * transformed, filtered or not fully opaque, in this document or any ancestor frame).
 * It fails closed: without IntersectionObserver v2 it never enables (the popup path is used).
 */

/** Whether this browser has IntersectionObserver v2 (`IntersectionObserverEntry.isVisible`). */
export function supportsVisibilityTracking(): boolean {
  return (
    typeof IntersectionObserver !== 'undefined' &&
    typeof IntersectionObserverEntry !== 'undefined' &&
    'isVisible' in IntersectionObserverEntry.prototype
  );
}

/** Options of {@link watchVisibility}. */
export type GateOptions = {
  /** Continuous visibility needed before enabling, ms (default 500). */
  minVisibleMs?: number;
  /** Observer factory (tests pass a fake); default `new IntersectionObserver`. */
  observe?: (
    callback: (entries: IntersectionObserverEntry[]) => void,
    options: IntersectionObserverInit & { trackVisibility: boolean; delay: number },
  ) => { observe: (el: Element) => void; disconnect: () => void };
};

/**
 * Watches `element` and calls `onChange(true)` once it has been fully in view and
 * visible (IOv2 `isVisible`) for `minVisibleMs`, `onChange(false)` as soon as it is not.
 * Starts disabled. @returns stop (disconnects, clears the timer)
 */
export function watchVisibility(
  element: Element,
  onChange: (enabled: boolean) => void,
  options: GateOptions & {
    /** Each IOv2 observation: visible (fully in view, `isVisible`) or not. For the screen's `data-gate` attribute. */
    onObservation?: (visible: boolean) => void;
  } = {},
): () => void {
  const minVisibleMs = options.minVisibleMs ?? 500;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let enabled = false;
  const set = (next: boolean) => {
    if (next !== enabled) {
      enabled = next;
      onChange(next);
    }
  };
  onChange(false);
  if (!supportsVisibilityTracking() && !options.observe) return () => {};
  const create = options.observe ?? ((callback, init) => new IntersectionObserver(callback, init));
  const observer = create(
    (entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      const visible =
        (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible === true &&
        entry.isIntersecting &&
        entry.intersectionRatio >= 0.99;
      options.onObservation?.(visible);
      if (!visible) {
        clearTimeout(timer);
        timer = undefined;
        set(false);
        return;
      }
      if (timer === undefined && !enabled) timer = setTimeout(() => set(true), minVisibleMs);
    },
    { threshold: [0, 0.99, 1], trackVisibility: true, delay: 100 },
  );
  observer.observe(element);
  return () => {
    clearTimeout(timer);
    observer.disconnect();
  };
}
