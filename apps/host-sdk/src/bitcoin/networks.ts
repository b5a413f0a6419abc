import type { Network } from '@airlock/protocol';
import { BIP122_NETWORKS as PREDEFINED } from '@airlock/protocol/bip122Networks';

/**
 * The predefined Bitcoin networks, ready for `createWidget({ networks })`: `mainnet`, `testnet`, `testnet4`
 * and `signet`, CAIP-2 `bip122:<first 32 hex characters of the genesis hash>` (CAIP-4), each with
 * mempool.space's public Esplora API as its `rpcUrls` and mempool.space as its explorer.
 */
export const BIP122_NETWORKS: {
  readonly mainnet: Network;
  readonly testnet: Network;
  readonly testnet4: Network;
  readonly signet: Network;
} = PREDEFINED;
