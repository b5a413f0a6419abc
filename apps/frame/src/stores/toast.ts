import { create } from 'zustand';

/** How long a toast stays, ms. */
export const TOAST_DURATION_MS = 2500;
/** Spec §9 'Toast swap delay 150 ms': a new toast replaces an open one after this delay. */
export const TOAST_SWAP_DELAY_MS = 150;

/** Toast store (spec §4 Toast: open or closed; variants loading, success, error). */
export type ToastState = {
  /** True while shown. */
  open: boolean;
  /** The text, e.g. 'Address copied'. */
  message: string;
  /** `success`, `error` or `loading`. */
  variant: 'success' | 'error' | 'loading';
};

/** Toast store (zustand). */
export const useToastStore = create<ToastState>(() => ({ open: false, message: '', variant: 'success' }));

let hideTimer: ReturnType<typeof setTimeout> | undefined;
let swapTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast; one already open closes first and the new one appears 150 ms later (spec §4). */
export function showToast(message: string, variant: ToastState['variant'] = 'success'): void {
  clearTimeout(hideTimer);
  clearTimeout(swapTimer);
  const show = () => {
    useToastStore.setState({ open: true, message, variant });
    hideTimer = setTimeout(hideToast, TOAST_DURATION_MS);
  };
  if (useToastStore.getState().open) {
    useToastStore.setState({ open: false });
    swapTimer = setTimeout(show, TOAST_SWAP_DELAY_MS);
  } else show();
}

/** Hides the toast. */
export function hideToast(): void {
  clearTimeout(hideTimer);
  useToastStore.setState({ open: false });
}
