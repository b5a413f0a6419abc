import { create } from 'zustand';
import type { CaipNetworkId, RpcErrorShape } from '@airlock/protocol';

/** Network store (spec §3 active network, §2 SwitchNetwork). */
export type NetworkState = {
  /**
   * The active CAIP-2 network id. While connected it is the wallet's chain,
   * which may be missing from the configured networks (UnsupportedChain /
   * 'Unknown Network'); while disconnected it is always a configured one.
   */
  caipNetworkId: CaipNetworkId;
  /** The running or failed switch (SwitchNetwork view), null when idle. */
  switching: { caipNetworkId: CaipNetworkId; status: 'pending' | 'error'; error: RpcErrorShape | null } | null;
};

/** Network store (zustand). `caipNetworkId` is set from the config at boot. */
export const useNetworkStore = create<NetworkState>(() => ({ caipNetworkId: 'eip155:1', switching: null }));
