import { addressExplorerUrl } from '../explorer.ts';
import type { NamespaceInfo } from '../types.ts';

/**
 * What the shared actions read of bip122 (Bitcoin, CAIP-2 `bip122:<genesis hash prefix>`,
 * spec §1): default account type `payment` (spec §6), the balance and token list from the
 * provider API (which reads the operator's Esplora backend: nothing Bitcoin-specific is fetched
 * from the page), Send BTC (views.ts), explorer links `<explorer>/address/<address>` (mempool.space).
 */
export const bip122Info: NamespaceInfo = {
  name: 'bip122',
  defaultAccountType: 'payment',
  supports: { send: true, tokens: true },
  readBalance: async (frame, network, address, options) =>
    (await import('./balance.ts')).readBip122Balance(frame, network, address, options),
  explorerAddressUrl: addressExplorerUrl,
};
