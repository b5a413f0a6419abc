import { create } from 'zustand';
import type { RpcErrorShape } from '@airlock/protocol';

/** WalletConnect pairing store (issue 3 §1; spec §4 pairing expiry). */
export type WalletConnectState = {
  /** The current `wc:` pairing URI (shown as a QR code and in links), null before one exists. */
  uri: string | null;
  /** When {@link uri} was created, ms since the epoch (pairing expiry counts from here). */
  uriCreatedAt: number | null;
  /** `idle`, `loading` (provider loading / URI being created), `pairing` (URI shown, waiting for the wallet) or `error`. */
  status: 'idle' | 'loading' | 'pairing' | 'error';
  /** Why the last pairing failed (wallet rejection 5000 / 4001, relay error -32603), null otherwise. */
  error: RpcErrorShape | null;
};

/** The initial pairing state. */
export const initialWalletConnect: WalletConnectState = { uri: null, uriCreatedAt: null, status: 'idle', error: null };

/** WalletConnect pairing store (zustand). */
export const useWalletConnectStore = create<WalletConnectState>(() => ({ ...initialWalletConnect }));
