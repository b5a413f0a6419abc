import type { Frame } from '../core/frame.ts';
import type { ToastState } from '../core/state.ts';

/** How long a toast stays, ms. */
export const TOAST_DURATION_MS = 2500;
/** Spec §9 'Toast swap delay 150 ms': a new toast replaces an open one after this delay. */
export const TOAST_SWAP_DELAY_MS = 150;

/** Shows a toast; one already open closes first and the new one appears 150 ms later (spec §4). */
export function showToast(frame: Frame, message: string, variant: ToastState['variant'] = 'success'): void {
  const timers = frame.runtime.toastTimers;
  clearTimeout(timers.hide);
  clearTimeout(timers.swap);
  const show = () => {
    frame.store.setState({ toast: { open: true, message, variant } });
    timers.hide = setTimeout(() => hideToast(frame), TOAST_DURATION_MS);
  };
  if (frame.store.getState().toast.open) {
    frame.store.setState((s) => ({ toast: { ...s.toast, open: false } }));
    timers.swap = setTimeout(show, TOAST_SWAP_DELAY_MS);
  } else show();
}

/** Hides the toast. */
export function hideToast(frame: Frame): void {
  clearTimeout(frame.runtime.toastTimers.hide);
  frame.store.setState((s) => ({ toast: { ...s.toast, open: false } }));
}
