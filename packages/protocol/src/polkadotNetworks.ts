/*
 * The predefined Polkadot networks alone, without dependencies: `@airlock/protocol/polkadot` re-exports
 * them, and the public `@airlock/host-sdk/polkadot` entry too (a dapp's bundle gets the network objects,
 * not the SS58 rules and @polkadot/util-crypto).
 */

import type { Network } from './schemas.ts';

/** A Polkadot (Substrate) network: the spec §3 Network (`rpcUrls` its JSON-RPC over HTTP) plus its genesis hash and SS58 format. */
export type PolkadotNetwork = Network & {
  chainNamespace: 'polkadot';
  /** The full genesis block hash, `0x` and 64 hex characters (what `chain_getBlockHash(0)` answers). */
  genesisHash: `0x${string}`;
  /** The SS58 address format (prefix) its addresses are shown in: 0 Polkadot, 2 Kusama, 42 generic Substrate. */
  ss58Format: number;
};

/**
 * One Polkadot network in the spec §3 shape: id = the first 32 hex characters of the genesis
 * hash, `rpcUrls` its JSON-RPC endpoint over HTTP(S).
 * @throws Error when `genesisHash` is not `0x` and 64 hex characters.
 */
export const polkadotNetwork = (options: {
  genesisHash: `0x${string}`;
  name: string;
  symbol: string;
  decimals: number;
  ss58Format: number;
  rpcUrl: string;
  explorerUrl?: string;
  testnet: boolean;
}): PolkadotNetwork => {
  if (!/^0x[0-9a-f]{64}$/.test(options.genesisHash)) throw new Error(`Bad genesis hash: ${options.genesisHash}`);
  const id = options.genesisHash.slice(2, 34);
  return {
    id,
    name: options.name,
    chainNamespace: 'polkadot',
    caipNetworkId: `polkadot:${id}`,
    nativeCurrency: { name: options.symbol, symbol: options.symbol, decimals: options.decimals },
    rpcUrls: { default: { http: [options.rpcUrl] } },
    ...(options.explorerUrl ? { blockExplorers: { default: { name: 'Subscan', url: options.explorerUrl } } } : {}),
    testnet: options.testnet,
    genesisHash: options.genesisHash,
    ss58Format: options.ss58Format,
  };
};

/** The predefined Polkadot networks: Polkadot, Kusama and Westend (relay chains), with Parity's public RPC endpoints. */
export const POLKADOT_NETWORKS = {
  polkadot: polkadotNetwork({
    genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
    name: 'Polkadot',
    symbol: 'DOT',
    decimals: 10,
    ss58Format: 0,
    rpcUrl: 'https://rpc.polkadot.io',
    explorerUrl: 'https://polkadot.subscan.io',
    testnet: false,
  }),
  kusama: polkadotNetwork({
    genesisHash: '0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe',
    name: 'Kusama',
    symbol: 'KSM',
    decimals: 12,
    ss58Format: 2,
    rpcUrl: 'https://kusama-rpc.polkadot.io',
    explorerUrl: 'https://kusama.subscan.io',
    testnet: false,
  }),
  westend: polkadotNetwork({
    genesisHash: '0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e',
    name: 'Westend',
    symbol: 'WND',
    decimals: 12,
    ss58Format: 42,
    rpcUrl: 'https://westend-rpc.polkadot.io',
    explorerUrl: 'https://westend.subscan.io',
    testnet: true,
  }),
} as const satisfies Record<string, PolkadotNetwork>;

/**
 * The genesis hash of the dev stack's local network (apps/substrate-rpc): a fixed value of its
 * own (the stand-in has no real genesis block), so the local CAIP-2 id never changes.
 */
export const POLKADOT_LOCAL_GENESIS_HASH =
  '0xa11c0c4a11c0c4a11c0c4a11c0c4a11c0c4a11c0c4a11c0c4a11c0c4a11c0c4a' as const;

/** The CAIP-2 id of the local network (`polkadot:a11c0c4a11c0c4a11c0c4a11c0c4a11c`). */
export const POLKADOT_LOCAL_CAIP_NETWORK_ID = `polkadot:${POLKADOT_LOCAL_GENESIS_HASH.slice(2, 34)}` as const;

/**
 * The local network of the dev stack (apps/substrate-rpc), `Polkadot Local`: generic Substrate
 * addresses (SS58 42), UNIT with 12 decimals like a `--dev` node, its JSON-RPC at `rpcUrl`
 * (the port moves with the stack's ports, so it is a function). No explorer link.
 */
export const polkadotLocalNetwork = (rpcUrl: string): PolkadotNetwork =>
  polkadotNetwork({
    genesisHash: POLKADOT_LOCAL_GENESIS_HASH,
    name: 'Polkadot Local',
    symbol: 'UNIT',
    decimals: 12,
    ss58Format: 42,
    rpcUrl,
    testnet: true,
  });
