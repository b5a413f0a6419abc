import { create } from 'zustand';
import type { ConnectionStatus, RpcErrorShape, WalletAnnouncement } from '@airlock/protocol';

/** Connection store (spec §4 connection status for the eip155 namespace). */
export type ConnectionState = {
  /** `disconnected`, `connecting` (prompt or silent reconnect running) or `connected` (spec §4). */
  status: ConnectionStatus;
  /** The page wallet in use (EIP-6963 uuid, name, icon, rdns), null when disconnected. */
  connector: WalletAnnouncement | null;
  /** The last failed connection attempt (EIP-1193 code kept: 4001 = rejected), null otherwise. */
  connectError: RpcErrorShape | null;
};

/** The initial connection state. */
export const initialConnection: ConnectionState = { status: 'disconnected', connector: null, connectError: null };

/** Connection store (zustand). */
export const useConnectionStore = create<ConnectionState>(() => ({ ...initialConnection }));
