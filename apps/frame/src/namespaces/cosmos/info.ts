import { addressExplorerUrl } from '../explorer.ts';
import type { NamespaceInfo } from '../types.ts';

/**
 * What the shared actions read of cosmos (CAIP-2 `cosmos:<chain id>`, spec §1): default account
 * type `eoa` (a secp256k1 key's bech32 account), the native balance from the provider API (which
 * reads the operator's LCD), explorer links `<explorer>/address/<address>` (Mintscan's path).
 * No Send, swaps or on-ramp yet.
 */
export const cosmosInfo: NamespaceInfo = {
  name: 'cosmos',
  defaultAccountType: 'eoa',
  supports: {},
  readBalance: async (frame, network, address, options) =>
    (await import('../apiBalance.ts')).readApiNativeBalance(frame, network, address, options),
  explorerAddressUrl: addressExplorerUrl,
};
