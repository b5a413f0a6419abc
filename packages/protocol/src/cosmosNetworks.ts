/*
 * The predefined Cosmos networks alone, without dependencies: `@airlock/protocol/cosmos` re-exports
 * them, and the public `@airlock/host-sdk/cosmos` entry too (a dapp's bundle gets the network objects,
 * not the address rules and their bech32 decoder).
 */

import type { Network } from './schemas.ts';

/** A Cosmos network: the spec §3 Network (`rpcUrls` its REST / LCD endpoints) plus its chain and address parameters. */
export type CosmosNetwork = Network & {
  chainNamespace: 'cosmos';
  /** The Cosmos SDK chain id, e.g. `cosmoshub-4` (also the CAIP-2 reference). */
  chainId: string;
  /** The bech32 human-readable part of its account addresses, e.g. `cosmos`, `osmo`. */
  bech32Prefix: string;
  /** The base (smallest) denomination of the native token, e.g. `uatom`; `nativeCurrency.decimals` from it to the symbol. */
  denom: string;
  /** The BIP-44 coin type of its keys (118 for the Cosmos Hub and Osmosis). */
  coinType: number;
};

/**
 * One Cosmos network in the spec §3 shape: id = the chain id, `rpcUrls` its LCD endpoint.
 * @throws Error when the chain id cannot be a CAIP-2 reference as it is (CAIP-5 would hash it).
 */
export const cosmosNetwork = (options: {
  chainId: string;
  name: string;
  bech32Prefix: string;
  denom: string;
  symbol: string;
  decimals: number;
  lcdUrl: string;
  explorerUrl?: string;
  testnet: boolean;
  coinType?: number;
}): CosmosNetwork => {
  if (!/^[-_a-zA-Z0-9]{1,32}$/.test(options.chainId)) throw new Error(`Chain id not CAIP-2 ready: ${options.chainId}`);
  return {
    id: options.chainId,
    name: options.name,
    chainNamespace: 'cosmos',
    caipNetworkId: `cosmos:${options.chainId}`,
    nativeCurrency: { name: options.symbol, symbol: options.symbol, decimals: options.decimals },
    rpcUrls: { default: { http: [options.lcdUrl] } },
    ...(options.explorerUrl ? { blockExplorers: { default: { name: 'Mintscan', url: options.explorerUrl } } } : {}),
    testnet: options.testnet,
    chainId: options.chainId,
    bech32Prefix: options.bech32Prefix,
    denom: options.denom,
    coinType: options.coinType ?? 118,
  };
};

/**
 * The predefined Cosmos networks: the Cosmos Hub, Osmosis and the Osmosis testnet, each with
 * a public LCD endpoint (operators configure their own for the API, see docs/deploy.md).
 */
export const COSMOS_NETWORKS = {
  cosmoshub: cosmosNetwork({
    chainId: 'cosmoshub-4',
    name: 'Cosmos Hub',
    bech32Prefix: 'cosmos',
    denom: 'uatom',
    symbol: 'ATOM',
    decimals: 6,
    lcdUrl: 'https://cosmos-rest.publicnode.com',
    explorerUrl: 'https://www.mintscan.io/cosmos',
    testnet: false,
  }),
  osmosis: cosmosNetwork({
    chainId: 'osmosis-1',
    name: 'Osmosis',
    bech32Prefix: 'osmo',
    denom: 'uosmo',
    symbol: 'OSMO',
    decimals: 6,
    lcdUrl: 'https://osmosis-rest.publicnode.com',
    explorerUrl: 'https://www.mintscan.io/osmosis',
    testnet: false,
  }),
  osmosisTestnet: cosmosNetwork({
    chainId: 'osmo-test-5',
    name: 'Osmosis Testnet',
    bech32Prefix: 'osmo',
    denom: 'uosmo',
    symbol: 'OSMO',
    decimals: 6,
    lcdUrl: 'https://lcd.osmotest5.osmosis.zone',
    explorerUrl: 'https://www.mintscan.io/osmosis-testnet',
    testnet: true,
  }),
} as const satisfies Record<string, CosmosNetwork>;

/** The chain id of the dev stack's local Cosmos network (apps/cosmos-lcd). */
export const COSMOS_LOCAL_CHAIN_ID = 'airlock-local-1';

/** The CAIP-2 id of the local Cosmos network (`cosmos:airlock-local-1`). */
export const COSMOS_LOCAL_CAIP_NETWORK_ID = `cosmos:${COSMOS_LOCAL_CHAIN_ID}` as const;

/**
 * The local Cosmos network of the dev stack (apps/cosmos-lcd), `Cosmos Local`: `cosmos`
 * addresses, `ustake` (STAKE, 6 decimals) like a fresh `simd` chain, its LCD at `lcdUrl` (its
 * port moves with the stack's ports, so it is a function). No explorer link.
 */
export const cosmosLocalNetwork = (lcdUrl: string): CosmosNetwork =>
  cosmosNetwork({
    chainId: COSMOS_LOCAL_CHAIN_ID,
    name: 'Cosmos Local',
    bech32Prefix: 'cosmos',
    denom: 'ustake',
    symbol: 'STAKE',
    decimals: 6,
    lcdUrl,
    testnet: true,
  });
