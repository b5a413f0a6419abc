import type { Network } from '@airlock/protocol';
import { POLKADOT_NETWORKS as PREDEFINED } from '@airlock/protocol/polkadotNetworks';

/**
 * The predefined Polkadot networks, ready for `createWidget({ networks })`: the relay chains `polkadot`,
 * `kusama` and `westend`, CAIP-2 `polkadot:<first 32 hex characters of the genesis hash>` (CAIP-13), each
 * with Parity's public JSON-RPC endpoint as its `rpcUrls` and Subscan as its explorer.
 */
export const POLKADOT_NETWORKS: { readonly polkadot: Network; readonly kusama: Network; readonly westend: Network } =
  PREDEFINED;
