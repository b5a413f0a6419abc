import { addressExplorerUrl } from '../explorer.ts';
import type { NamespaceInfo } from '../types.ts';

/**
 * What the shared actions read of solana (CAIP-2 `solana:<genesis hash prefix>`): Send and the
 * API's token balances, the SOL balance through the RPC, SIWX by `solana_signMessage`.
 */
export const solanaInfo: NamespaceInfo = {
  name: 'solana',
  defaultAccountType: 'eoa',
  supports: { send: true, tokens: true },
  readBalance: async (frame, network, address) => (await frame.chain()).readSolanaBalance(network, address),
  explorerAddressUrl: addressExplorerUrl,
};
