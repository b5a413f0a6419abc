import { fromBech32 } from '@cosmjs/encoding';
import { COSMOS_NETWORKS, COSMOS_LOCAL_CAIP_NETWORK_ID } from './cosmosNetworks.ts';

/**
 * Cosmos in the protocol (chain namespace `cosmos`, spec §1, §3): the predefined networks with
 * their CAIP-2 ids, and the bech32 address rules of each. A subpath entry
 * (`@airlock/protocol/cosmos`): it loads `@cosmjs/encoding`, which the package's main entry and
 * the host script never do.
 *
 * A cosmos CAIP-2 id is `cosmos:` followed by the chain id (CAIP-5) when the chain id is 1 to 32
 * characters of `[-_a-zA-Z0-9]`, as every network here is.
 */

export {
  cosmosNetwork,
  COSMOS_NETWORKS,
  COSMOS_LOCAL_CHAIN_ID,
  COSMOS_LOCAL_CAIP_NETWORK_ID,
  cosmosLocalNetwork,
} from './cosmosNetworks.ts';
export type { CosmosNetwork } from './cosmosNetworks.ts';

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
