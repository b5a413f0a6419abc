import type { Frame } from '../store/frame.ts';
import type { ToastState } from '../store/state.ts';

/** How long a success or error toast stays, ms (a loading toast stays until replaced or hidden). */
export const TOAST_DURATION_MS = 2500;
/** Spec §9 'Toast swap delay 150 ms': a new toast replaces an open one after this delay. */
export const TOAST_SWAP_DELAY_MS = 150;

/**
 * Shows a toast (spec §4 variants: `loading`, `success`, `error`); one already open closes
 * first and the new one appears 150 ms later (spec §4, §9). A success or error toast hides
 * after {@link TOAST_DURATION_MS}; a loading one stays until the next toast or {@link hideToast}.
 */
export function showToast(frame: Frame, message: string, variant: ToastState['variant'] = 'success'): void {
  const timers = frame.runtime.toastTimers;
  clearTimeout(timers.hide);
  clearTimeout(timers.swap);
  const show = () => {
    frame.store.setState({ toast: { open: true, message, variant } });
    if (variant !== 'loading') timers.hide = setTimeout(() => hideToast(frame), TOAST_DURATION_MS);
  };
  if (frame.store.getState().toast.open) {
    frame.store.setState((s) => ({ toast: { ...s.toast, open: false } }));
    timers.swap = setTimeout(show, TOAST_SWAP_DELAY_MS);
  } else show();
}

/** Hides the toast, and drops one waiting to replace it. */
export function hideToast(frame: Frame): void {
  clearTimeout(frame.runtime.toastTimers.hide);
  clearTimeout(frame.runtime.toastTimers.swap);
  frame.store.setState((s) => ({ toast: { ...s.toast, open: false } }));
}
