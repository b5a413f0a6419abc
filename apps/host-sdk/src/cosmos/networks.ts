import type { Network } from '@airlock/protocol';
import { COSMOS_NETWORKS as PREDEFINED } from '@airlock/protocol/cosmosNetworks';

/**
 * The predefined Cosmos networks, ready for `createWidget({ networks })`: `cosmoshub` (`cosmos:cosmoshub-4`),
 * `osmosis` (`cosmos:osmosis-1`) and `osmosisTestnet` (`cosmos:osmo-test-5`), CAIP-2 `cosmos:<chain id>`
 * (CAIP-5), each with a public LCD endpoint as its `rpcUrls` and Mintscan as its explorer.
 */
export const COSMOS_NETWORKS: {
  readonly cosmoshub: Network;
  readonly osmosis: Network;
  readonly osmosisTestnet: Network;
} = PREDEFINED;
