/*
 * The predefined Bitcoin networks alone, without dependencies: `@airlock/protocol/bip122` re-exports
 * them, and the public `@airlock/host-sdk/bitcoin` entry too (a dapp's bundle gets the network objects,
 * not the address decoders).
 */

import type { Network } from './schemas.ts';

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

/** The address parameters of Bitcoin mainnet (`bc`, 0x00, 0x05). */
export const MAINNET_PARAMS: Bip122AddressParams = { hrp: 'bc', p2pkh: 0x00, p2sh: 0x05 };
/** The address parameters of the test networks: testnet, testnet4, signet (`tb`, 0x6f, 0xc4). */
export const TEST_PARAMS: Bip122AddressParams = { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 };
/** The address parameters of every regtest chain (`bcrt`, testnet version bytes). */
export const REGTEST_PARAMS: Bip122AddressParams = { hrp: 'bcrt', p2pkh: 0x6f, p2sh: 0xc4 };

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
