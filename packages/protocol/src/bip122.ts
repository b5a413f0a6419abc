import { sha256 } from '@noble/hashes/sha2';
import { bech32, bech32m, createBase58check } from '@scure/base';
import {
  BIP122_NETWORKS,
  BIP122_REGTEST_CAIP_NETWORK_ID,
  MAINNET_PARAMS,
  REGTEST_PARAMS,
  TEST_PARAMS,
} from './bip122Networks.ts';
import type { Bip122AddressParams } from './bip122Networks.ts';

/**
 * Bitcoin in the protocol (chain namespace `bip122`, spec §1, §3, §6): the predefined networks
 * with their CAIP-2 ids and the address rules of each.
 *
 * A bip122 CAIP-2 id is `bip122:` followed by the first 32 hex characters of the network's
 * genesis block hash (CAIP-4). Every regtest chain starts from the same genesis block, so all
 * of them share one id; the local stand-in (apps/bitcoin-esplora) is one of them.
 */

export {
  bip122Network,
  BIP122_REGTEST_GENESIS_HASH,
  BIP122_NETWORKS,
  bip122RegtestNetwork,
  BIP122_REGTEST_CAIP_NETWORK_ID,
} from './bip122Networks.ts';
export type { Bip122AddressParams, Bip122Network } from './bip122Networks.ts';

/** The address parameters of each known bip122 CAIP-2 id. */
const PARAMS_BY_CAIP: Record<string, Bip122AddressParams> = {
  ...Object.fromEntries(Object.values(BIP122_NETWORKS).map((n) => [n.caipNetworkId, n.address])),
  [BIP122_REGTEST_CAIP_NETWORK_ID]: REGTEST_PARAMS,
};

/** The address parameters of a bip122 CAIP-2 id, or undefined for a network the protocol does not know. */
export const bip122AddressParams = (caipNetworkId: string): Bip122AddressParams | undefined =>
  Object.hasOwn(PARAMS_BY_CAIP, caipNetworkId) ? PARAMS_BY_CAIP[caipNetworkId] : undefined;

/**
 * The kind of a Bitcoin address: legacy base58 `p2pkh` and `p2sh`; segwit v0 `p2wpkh` (20-byte
 * program) and `p2wsh` (32-byte); taproot `p2tr` (v1, 32-byte); `segwit-future` for the other
 * witness versions and lengths BIP-350 lets a sender pay (e.g. v1 with 2 bytes, pay-to-anchor).
 */
export type Bip122AddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'segwit-future';

/**
 * Why an address was refused: `format` (not bech32, bech32m nor base58, or a malformed witness
 * program), `checksum` (the encoding is right but its checksum is wrong), `network` (a valid
 * address of another network), `unknown-network` (the CAIP-2 id is no Bitcoin network the
 * protocol knows).
 */
export type Bip122AddressError = 'format' | 'checksum' | 'network' | 'unknown-network';

/** The answer of {@link parseBip122Address}. */
export type Bip122AddressResult =
  | { ok: true; type: Bip122AddressType; witnessVersion?: number; program?: Uint8Array }
  | { ok: false; error: Bip122AddressError };

const base58check = createBase58check(sha256);
const BECH32_CHARS = /^([a-z0-9]{1,83})1([qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,})$/;
const BASE58_CHARS = /^[1-9A-HJ-NP-Za-km-z]{25,35}$/;

/**
 * A segwit address (BIP-173, BIP-350): the checksum must be bech32 for witness version 0 and
 * bech32m for 1 to 16; the program 2 to 40 bytes, and 20 or 32 for version 0.
 */
const parseSegwit = (address: string, params: Bip122AddressParams): Bip122AddressResult => {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return { ok: false, error: 'format' };
  const parts = BECH32_CHARS.exec(lower);
  if (!parts || lower.length > 90) return { ok: false, error: 'format' };
  const plain = bech32.decodeUnsafe(lower, 90);
  const modified = plain ? undefined : bech32m.decodeUnsafe(lower, 90);
  const decoded = plain ?? modified;
  if (!decoded) return { ok: false, error: 'checksum' };
  const [version, ...data] = decoded.words;
  if (version === undefined || version > 16) return { ok: false, error: 'format' };
  if ((version === 0) !== Boolean(plain)) return { ok: false, error: 'checksum' };
  const program = bech32.fromWordsUnsafe(data);
  if (!program || program.length < 2 || program.length > 40) return { ok: false, error: 'format' };
  if (version === 0 && program.length !== 20 && program.length !== 32) return { ok: false, error: 'format' };
  if (decoded.prefix !== params.hrp) return { ok: false, error: 'network' };
  const type: Bip122AddressType =
    version === 0
      ? program.length === 20
        ? 'p2wpkh'
        : 'p2wsh'
      : version === 1 && program.length === 32
        ? 'p2tr'
        : 'segwit-future';
  return { ok: true, type, witnessVersion: version, program: Uint8Array.from(program) };
};

/** A legacy base58check address: 21 bytes, version byte p2pkh or p2sh of the network. */
const parseBase58 = (address: string, params: Bip122AddressParams): Bip122AddressResult => {
  if (!BASE58_CHARS.test(address)) return { ok: false, error: 'format' };
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(address);
  } catch {
    return { ok: false, error: 'checksum' };
  }
  if (bytes.length !== 21) return { ok: false, error: 'format' };
  const version = bytes[0];
  if (version === params.p2pkh) return { ok: true, type: 'p2pkh' };
  if (version === params.p2sh) return { ok: true, type: 'p2sh' };
  const known = [MAINNET_PARAMS, TEST_PARAMS].some((p) => p.p2pkh === version || p.p2sh === version);
  return { ok: false, error: known ? 'network' : 'format' };
};

/**
 * Checks a Bitcoin address for one network (spec §5 addresses): bech32 / bech32m segwit
 * addresses with the network's human-readable part, or legacy base58check addresses with its
 * version bytes. Upper-case bech32 (QR codes) is accepted; mixed case is not. Never throws.
 * @param address what the visitor or a wallet gave
 * @param caipNetworkId a bip122 CAIP-2 id of {@link BIP122_NETWORKS} or regtest
 * @returns `{ ok: true, type }` (with the witness version and program for segwit) or
 *   `{ ok: false, error }` ({@link Bip122AddressError})
 */
export function parseBip122Address(address: unknown, caipNetworkId: string): Bip122AddressResult {
  const params = bip122AddressParams(caipNetworkId);
  if (!params) return { ok: false, error: 'unknown-network' };
  if (typeof address !== 'string' || address.length === 0 || address.length > 90) return { ok: false, error: 'format' };
  // A bech32 address has a separator `1` after a human-readable part of the known kinds.
  if (/^(bc|tb|bcrt)1/i.test(address)) return parseSegwit(address, params);
  return parseBase58(address, params);
}

/** True when `address` is a valid address of the bip122 network `caipNetworkId` ({@link parseBip122Address}). */
export const isBip122Address = (address: unknown, caipNetworkId: string): boolean =>
  parseBip122Address(address, caipNetworkId).ok;

/** The Wallet Standard chain of each known bip122 CAIP-2 id. */
const CHAIN_BY_CAIP: Record<string, `bitcoin:${string}`> = {
  ...Object.fromEntries(Object.values(BIP122_NETWORKS).map((n) => [n.caipNetworkId, n.walletStandardChain])),
  [BIP122_REGTEST_CAIP_NETWORK_ID]: 'bitcoin:regtest',
};

/**
 * The Wallet Standard chain (`bitcoin:mainnet`, `bitcoin:testnet`, `bitcoin:testnet4`,
 * `bitcoin:signet`, `bitcoin:regtest`) of a bip122 CAIP-2 id, or undefined for a network the
 * protocol does not know.
 */
export const bip122WalletStandardChain = (caipNetworkId: string): `bitcoin:${string}` | undefined =>
  Object.hasOwn(CHAIN_BY_CAIP, caipNetworkId) ? CHAIN_BY_CAIP[caipNetworkId] : undefined;
