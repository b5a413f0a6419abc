import { fromBech32 } from '@cosmjs/encoding';
import type { Network } from './schemas.ts';

/**
 * Cosmos in the protocol (chain namespace `cosmos`, spec §1, §3): the predefined networks with
 * their CAIP-2 ids, and the bech32 address rules of each. A subpath entry
 * (`@airlock/protocol/cosmos`): it loads `@cosmjs/encoding`, which the package's main entry and
 * the host script never do.
 *
 * A cosmos CAIP-2 id is `cosmos:` followed by the chain id (CAIP-5) when the chain id is 1 to 32
 * characters of `[-_a-zA-Z0-9]`, as every network here is.
 */

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

/** The bech32 prefix of each known cosmos CAIP-2 id. */
const PREFIX_BY_CAIP: Record<string, string> = {
  ...Object.fromEntries(Object.values(COSMOS_NETWORKS).map((n) => [n.caipNetworkId, n.bech32Prefix])),
  [COSMOS_LOCAL_CAIP_NETWORK_ID]: 'cosmos',
};

/** The bech32 prefix of a cosmos CAIP-2 id, or undefined for a network the protocol does not know. */
export const cosmosBech32Prefix = (caipNetworkId: string): string | undefined =>
  Object.hasOwn(PREFIX_BY_CAIP, caipNetworkId) ? PREFIX_BY_CAIP[caipNetworkId] : undefined;

/**
 * Why a cosmos address was refused: `format` (not bech32, mixed case, or data that is no
 * 20- or 32-byte account), `checksum` (bech32 characters with a wrong checksum), `network` (a
 * valid address with another network's prefix), `unknown-network` (a CAIP-2 id the protocol
 * does not know).
 */
export type CosmosAddressError = 'format' | 'checksum' | 'network' | 'unknown-network';

/** The answer of {@link parseCosmosAddress}: the account bytes (20: a key's; 32: a module, contract or interchain account). */
export type CosmosAddressResult =
  | { ok: true; prefix: string; data: Uint8Array }
  | { ok: false; error: CosmosAddressError; prefix?: string };

const BECH32 = /^([a-z0-9]{1,83})1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$/;

/**
 * Checks a Cosmos account address for one network (spec §5 addresses): bech32 (BIP-173) with the
 * network's prefix, carrying 20 or 32 bytes. Upper case is accepted (QR codes), mixed case is
 * not. Never throws.
 * @param address what the visitor or a wallet gave
 * @param caipNetworkId a cosmos CAIP-2 id of {@link COSMOS_NETWORKS} or the local network
 * @returns `{ ok: true, prefix, data }` or `{ ok: false, error }` ({@link CosmosAddressError}; the
 *   prefix found with `network`)
 */
export function parseCosmosAddress(address: unknown, caipNetworkId: string): CosmosAddressResult {
  const expected = cosmosBech32Prefix(caipNetworkId);
  if (!expected) return { ok: false, error: 'unknown-network' };
  if (typeof address !== 'string' || address.length > 90) return { ok: false, error: 'format' };
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return { ok: false, error: 'format' };
  if (!BECH32.test(lower)) return { ok: false, error: 'format' };
  let decoded: { prefix: string; data: Uint8Array };
  try {
    decoded = fromBech32(lower, 90); // an explicit limit: 0.39.0's default (Infinity) throws in its @scure/base
  } catch {
    return { ok: false, error: 'checksum' };
  }
  if (decoded.data.length !== 20 && decoded.data.length !== 32) return { ok: false, error: 'format' };
  if (decoded.prefix !== expected) return { ok: false, error: 'network', prefix: decoded.prefix };
  return { ok: true, prefix: decoded.prefix, data: decoded.data };
}

/** True when `address` is a valid account address of the cosmos network `caipNetworkId` ({@link parseCosmosAddress}). */
export const isCosmosAddress = (address: unknown, caipNetworkId: string): boolean =>
  parseCosmosAddress(address, caipNetworkId).ok;
