import type { NamespaceInfo } from '../types.ts';

/**
 * What the shared actions read of polkadot (CAIP-2 `polkadot:<genesis hash prefix>`, spec §1):
 * default account type `eoa` (an sr25519 / ed25519 key's SS58 account), the balance (free +
 * reserved) from the provider API (which reads the operator's Substrate JSON-RPC), explorer
 * links `<explorer>/account/<address>` (Subscan's path). No Send, swaps or on-ramp yet.
 */
export const polkadotInfo: NamespaceInfo = {
  name: 'polkadot',
  defaultAccountType: 'eoa',
  supports: {},
  readBalance: async (frame, network, address, options) =>
    (await import('../apiBalance.ts')).readApiNativeBalance(frame, network, address, options),
  explorerAddressUrl(network, address) {
    const explorer = network.blockExplorers?.default.url.replace(/\/+$/, '');
    return explorer ? `${explorer}/account/${address}` : null;
  },
};
