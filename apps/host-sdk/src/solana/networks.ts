import type { Network } from '@airlock/protocol';
import { SOLANA_NETWORKS as PREDEFINED } from '@airlock/protocol/solanaNetworks';

/**
 * The predefined Solana networks (spec §3), ready for `createWidget({ networks })`: `mainnet`
 * (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`), `devnet` (`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`)
 * and `testnet` (`solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z`), CAIP-2 ids of the genesis hash (CAIP-30),
 * each with the public RPC of api.<cluster>.solana.com and Solscan as its explorer.
 */
export const SOLANA_NETWORKS: { readonly mainnet: Network; readonly devnet: Network; readonly testnet: Network } =
  PREDEFINED;
