import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { WalletState } from '../store.ts';

/** Subscribes a component to one slice of the wallet store (zustand `useStore`). */
export function useWallet<T>(store: StoreApi<WalletState>, selector: (state: WalletState) => T): T {
  return useStore(store, selector);
}
