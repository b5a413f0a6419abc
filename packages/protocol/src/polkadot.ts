import { hexToU8a, u8aConcat, u8aToBigInt, u8aToHex } from '@polkadot/util';
import {
  base58Decode,
  blake2AsU8a,
  checkAddress,
  decodeAddress,
  encodeAddress,
  xxhashAsU8a,
} from '@polkadot/util-crypto';
import { POLKADOT_NETWORKS, POLKADOT_LOCAL_CAIP_NETWORK_ID } from './polkadotNetworks.ts';

/**
 * Polkadot in the protocol (chain namespace `polkadot`, spec §1, §3): the predefined networks
 * with their CAIP-2 ids and SS58 address rules. A subpath entry (`@airlock/protocol/polkadot`):
 * it loads `@polkadot/util-crypto`, which the package's main entry and the host script never do.
 *
 * A polkadot CAIP-2 id is `polkadot:` followed by the first 32 hex characters (16 bytes) of the
 * network's genesis block hash, without `0x` (CAIP-13).
 */

export {
  polkadotNetwork,
  POLKADOT_NETWORKS,
  POLKADOT_LOCAL_GENESIS_HASH,
  POLKADOT_LOCAL_CAIP_NETWORK_ID,
  polkadotLocalNetwork,
} from './polkadotNetworks.ts';
export type { PolkadotNetwork } from './polkadotNetworks.ts';

/** The SS58 format of each known polkadot CAIP-2 id. */
const FORMAT_BY_CAIP: Record<string, number> = {
  ...Object.fromEntries(Object.values(POLKADOT_NETWORKS).map((n) => [n.caipNetworkId, n.ss58Format])),
  [POLKADOT_LOCAL_CAIP_NETWORK_ID]: 42,
};

/** The SS58 format of a polkadot CAIP-2 id, or undefined for a network the protocol does not know. */
export const polkadotSs58Format = (caipNetworkId: string): number | undefined =>
  Object.hasOwn(FORMAT_BY_CAIP, caipNetworkId) ? FORMAT_BY_CAIP[caipNetworkId] : undefined;

/**
 * Why a polkadot address was refused: `format` (not SS58, or not a 32-byte account),
 * `checksum` (SS58 with a wrong checksum), `network` (valid, in another network's format, and
 * `strict` asked for the network's own), `unknown-network` (a CAIP-2 id the protocol does not know).
 */
export type PolkadotAddressError = 'format' | 'checksum' | 'network' | 'unknown-network';

/**
 * The answer of {@link parsePolkadotAddress}: the account's 32-byte public key (hex), the address
 * in the network's SS58 format, and the format it was given in.
 */
export type PolkadotAddressResult =
  | { ok: true; publicKey: `0x${string}`; address: string; givenFormat: number }
  | { ok: false; error: PolkadotAddressError };

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{46,50}$/;

/**
 * Checks an SS58 account address for one network and re-encodes it in that network's format
 * (an account is the same 32-byte key on every Substrate network; only its text differs).
 * Never throws.
 * @param address what the visitor or a wallet gave
 * @param caipNetworkId a polkadot CAIP-2 id of {@link POLKADOT_NETWORKS} or the local network
 * @param options `strict`: refuse (`network`) an address written in another network's format
 * @returns `{ ok: true, publicKey, address, givenFormat }` or `{ ok: false, error }`
 */
export function parsePolkadotAddress(
  address: unknown,
  caipNetworkId: string,
  options: { strict?: boolean } = {},
): PolkadotAddressResult {
  const format = polkadotSs58Format(caipNetworkId);
  if (format === undefined) return { ok: false, error: 'unknown-network' };
  if (typeof address !== 'string' || !BASE58.test(address)) return { ok: false, error: 'format' };
  let key: Uint8Array;
  try {
    key = decodeAddress(address);
  } catch (error) {
    return { ok: false, error: /checksum/i.test(String((error as Error).message)) ? 'checksum' : 'format' };
  }
  if (key.length !== 32) return { ok: false, error: 'format' };
  const [sameFormat] = checkAddress(address, format);
  if (!sameFormat && options.strict) return { ok: false, error: 'network' };
  const given = sameFormat ? format : givenSs58Format(address);
  return { ok: true, publicKey: u8aToHex(key), address: encodeAddress(key, format), givenFormat: given };
}

/**
 * The SS58 format (0 to 16383) an address is written in, read from its first byte(s): one byte
 * below 64 for formats 0 to 63, else two bytes (the SS58 specification's 14-bit prefix).
 */
const givenSs58Format = (address: string): number => {
  const [b0 = 0, b1 = 0] = base58Decode(address);
  return b0 < 64 ? b0 : ((b0 & 0x3f) << 2) | (b1 >> 6) | ((b1 & 0x3f) << 8);
};

/** True when `address` is a valid SS58 account address for `caipNetworkId` in any format ({@link parsePolkadotAddress}). */
export const isPolkadotAddress = (address: unknown, caipNetworkId: string): boolean =>
  parsePolkadotAddress(address, caipNetworkId).ok;

/** An account's address in a network's SS58 format: `publicKey` is 32 bytes (hex or bytes). */
export const toPolkadotAddress = (publicKey: Uint8Array | `0x${string}`, caipNetworkId: string): string | undefined => {
  const format = polkadotSs58Format(caipNetworkId);
  return format === undefined ? undefined : encodeAddress(publicKey, format);
};

/**
 * The storage key of `System.Account(accountId)` (a `Blake2_128Concat` map): twox128("System")
 * ++ twox128("Account") ++ blake2-128 of the 32-byte account id ++ the id. What `state_getStorage`
 * of a Substrate node answers the account's `AccountInfo` for.
 */
export const polkadotSystemAccountKey = (publicKey: Uint8Array | `0x${string}`): `0x${string}` => {
  const id = typeof publicKey === 'string' ? hexToU8a(publicKey) : publicKey;
  return u8aToHex(u8aConcat(xxhashAsU8a('System', 128), xxhashAsU8a('Account', 128), blake2AsU8a(id, 128), id));
};

/** An account's balances (planck) from its `AccountInfo`. */
export type PolkadotAccountBalances = { nonce: number; free: bigint; reserved: bigint; frozen: bigint };

/**
 * Decodes the SCALE `frame_system::AccountInfo` with `pallet_balances::AccountData` a node answers
 * for {@link polkadotSystemAccountKey}: nonce, consumers, providers, sufficients (u32 LE each),
 * then free, reserved, frozen (u128 LE each) and flags. `null` (no entry) is an empty account.
 * @throws Error when the value is shorter than the 64 bytes read.
 */
export const decodePolkadotAccountInfo = (value: `0x${string}` | null): PolkadotAccountBalances => {
  if (value === null) return { nonce: 0, free: 0n, reserved: 0n, frozen: 0n };
  const bytes = hexToU8a(value);
  if (bytes.length < 64) throw new Error(`AccountInfo too short: ${bytes.length} bytes`);
  const u128 = (at: number) => u8aToBigInt(bytes.subarray(at, at + 16), { isLe: true });
  return {
    nonce: Number(u8aToBigInt(bytes.subarray(0, 4), { isLe: true })),
    free: u128(16),
    reserved: u128(32),
    frozen: u128(48),
  };
};
