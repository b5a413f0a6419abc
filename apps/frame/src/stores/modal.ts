import { create } from 'zustand';

/** Modal store (spec §3 Modal state: open, loading, shake). */
export type ModalState = {
  /** True while the modal is shown (the host shows the iframe overlay, `setLayout({ open })`). */
  open: boolean;
  /** True for the 500 ms shake animation after an error (spec §2). */
  shake: boolean;
};

/** Modal store (zustand). */
export const useModalStore = create<ModalState>(() => ({ open: false, shake: false }));

/** Starts the error shake (spec §2: 500 ms); the UI clears it when the CSS animation ends. */
export function shakeModal(): void {
  useModalStore.setState({ shake: true });
}
