import { sha256 } from '@noble/hashes/sha2';
import { bech32, bech32m, createBase58check } from '@scure/base';
import type { Network } from './schemas.ts';

/**
 * Bitcoin in the protocol (chain namespace `bip122`, spec §1, §3, §6): the predefined networks
 * with their CAIP-2 ids and the address rules of each.
 *
 * A bip122 CAIP-2 id is `bip122:` followed by the first 32 hex characters of the network's
 * genesis block hash (CAIP-4). Every regtest chain starts from the same genesis block, so all
 * of them share one id; the local stand-in (apps/bitcoin-esplora) is one of them.
 */

/** The address parameters of one Bitcoin network (BIP-173 human-readable part, base58 version bytes). */
export type Bip122AddressParams = {
  /** The bech32 / bech32m human-readable part: `bc`, `tb` or `bcrt`. */
  hrp: string;
  /** Base58Check version byte of pay-to-pubkey-hash (legacy `1…`, `m…`/`n…`). */
  p2pkh: number;
  /** Base58Check version byte of pay-to-script-hash (`3…`, `2…`). */
  p2sh: number;
};

/** A predefined Bitcoin network: the spec §3 Network plus what its addresses look like. */
export type Bip122Network = Network & {
  chainNamespace: 'bip122';
  /** The full genesis block hash (64 hex, the byte order block explorers show). */
  genesisHash: string;
  /** Its address parameters. */
  address: Bip122AddressParams;
  /** Its Wallet Standard chain (`bitcoin:mainnet`, `bitcoin:testnet`, `bitcoin:signet`, `bitcoin:regtest`). */
  walletStandardChain: `bitcoin:${string}`;
};

const MAINNET_PARAMS: Bip122AddressParams = { hrp: 'bc', p2pkh: 0x00, p2sh: 0x05 };
const TEST_PARAMS: Bip122AddressParams = { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 };
const REGTEST_PARAMS: Bip122AddressParams = { hrp: 'bcrt', p2pkh: 0x6f, p2sh: 0xc4 };

/**
 * One Bitcoin network in the spec §3 shape: id = the first 32 hex characters of `genesisHash`,
 * BTC with 8 decimals (satoshis), `rpcUrls` its Esplora-compatible HTTP API.
 */
export const bip122Network = (options: {
  genesisHash: string;
  name: string;
  esploraUrl: string;
  explorerUrl?: string;
  testnet: boolean;
  address: Bip122AddressParams;
  walletStandardChain: `bitcoin:${string}`;
}): Bip122Network => {
  const id = options.genesisHash.slice(0, 32);
  return {
    id,
    name: options.name,
    chainNamespace: 'bip122',
    caipNetworkId: `bip122:${id}`,
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: [options.esploraUrl] } },
    ...(options.explorerUrl
      ? { blockExplorers: { default: { name: 'mempool.space', url: options.explorerUrl } } }
      : {}),
    testnet: options.testnet,
    genesisHash: options.genesisHash,
    address: options.address,
    walletStandardChain: options.walletStandardChain,
  };
};

/** The genesis block hash shared by every regtest chain (Bitcoin Core `chainparams.cpp`). */
export const BIP122_REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206';

/**
 * The predefined Bitcoin networks (spec §3 predefines mainnet and testnet; signet and testnet4
 * too): CAIP-2 ids from their genesis hashes, `rpcUrls` the public Esplora API of mempool.space,
 * explorer links there.
 */
export const BIP122_NETWORKS = {
  mainnet: bip122Network({
    genesisHash: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
    name: 'Bitcoin',
    esploraUrl: 'https://mempool.space/api',
    explorerUrl: 'https://mempool.space',
    testnet: false,
    address: MAINNET_PARAMS,
    walletStandardChain: 'bitcoin:mainnet',
  }),
  testnet: bip122Network({
    genesisHash: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
    name: 'Bitcoin Testnet',
    esploraUrl: 'https://mempool.space/testnet/api',
    explorerUrl: 'https://mempool.space/testnet',
    testnet: true,
    address: TEST_PARAMS,
    walletStandardChain: 'bitcoin:testnet',
  }),
  testnet4: bip122Network({
    genesisHash: '00000000da84f2bafbbc53dee25a72ae507ff4914b867c565be350b0da8bf043',
    name: 'Bitcoin Testnet4',
    esploraUrl: 'https://mempool.space/testnet4/api',
    explorerUrl: 'https://mempool.space/testnet4',
    testnet: true,
    address: TEST_PARAMS,
    walletStandardChain: 'bitcoin:testnet4',
  }),
  signet: bip122Network({
    genesisHash: '00000008819873e925422c1ff0f99f7cc9bbb232af63a077a480a3633bee1ef6',
    name: 'Bitcoin Signet',
    esploraUrl: 'https://mempool.space/signet/api',
    explorerUrl: 'https://mempool.space/signet',
    testnet: true,
    address: TEST_PARAMS,
    walletStandardChain: 'bitcoin:signet',
  }),
} as const satisfies Record<string, Bip122Network>;

/**
 * The local regtest network of the dev stack (apps/bitcoin-esplora), named `Bitcoin Regtest`,
 * whose Esplora-compatible API is at `esploraUrl` (its port moves with the stack's ports, so
 * it is a function). No explorer link: nothing public shows a local chain.
 */
export const bip122RegtestNetwork = (esploraUrl: string): Bip122Network =>
  bip122Network({
    genesisHash: BIP122_REGTEST_GENESIS_HASH,
    name: 'Bitcoin Regtest',
    esploraUrl,
    testnet: true,
    address: REGTEST_PARAMS,
    walletStandardChain: 'bitcoin:regtest',
  });

/** The bip122 CAIP-2 id of regtest (`bip122:0f9188f13cb7b2c71f2a335e3a4fc328`). */
export const BIP122_REGTEST_CAIP_NETWORK_ID = `bip122:${BIP122_REGTEST_GENESIS_HASH.slice(0, 32)}` as const;

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
