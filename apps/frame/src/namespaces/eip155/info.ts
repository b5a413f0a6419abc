import { addressExplorerUrl } from '../explorer.ts';
import type { NamespaceInfo } from '../types.ts';

/**
 * What the shared actions read of eip155 (EVM, CAIP-2 `eip155:<chain id>`): every wallet feature
 * of spec §1, the native balance through viem (`eth_getBalance`), SIWX by `personal_sign`.
 */
export const eip155Info: NamespaceInfo = {
  name: 'eip155',
  defaultAccountType: 'eoa',
  supports: { send: true, swaps: true, onramp: true, names: true, tokens: true, evm: true, oneClickSignIn: true },
  readBalance: async (frame, network, address) =>
    (await frame.chain()).readNativeBalance(network, address as `0x${string}`),
  explorerAddressUrl: addressExplorerUrl,
};
