import type { Network } from './schemas.ts';

/*
 * The predefined Solana networks alone, without zod: the public `@airlock/host-sdk/solana` entry
 * re-exports them (a dapp's bundle gets the three objects, nothing else of the protocol).
 */

const solanaNetwork = (id: string, name: string, rpc: string, explorer: string, testnet: boolean): Network => ({
  id,
  name,
  chainNamespace: 'solana',
  caipNetworkId: `solana:${id}`,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [rpc] } },
  blockExplorers: { default: { name: 'Solscan', url: explorer } },
  testnet,
});

/**
 * The predefined Solana networks (spec §3): mainnet, devnet and testnet, CAIP-2
 * `solana:<first 32 characters of the genesis hash>` (CAIP-30), with the public RPCs of
 * api.mainnet-beta / devnet / testnet.solana.com.
 */
export const SOLANA_NETWORKS = {
  mainnet: solanaNetwork(
    '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    'Solana',
    'https://api.mainnet-beta.solana.com',
    'https://solscan.io',
    false,
  ),
  devnet: solanaNetwork(
    'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    'Solana Devnet',
    'https://api.devnet.solana.com',
    'https://solscan.io/?cluster=devnet',
    true,
  ),
  testnet: solanaNetwork(
    '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    'Solana Testnet',
    'https://api.testnet.solana.com',
    'https://solscan.io/?cluster=testnet',
    true,
  ),
} as const satisfies Record<string, Network>;
