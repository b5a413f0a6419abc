import { getAddress, isAddress } from 'viem';

/**
 * Sign In With Farcaster options of the embedded wallet (docs/embedded-wallet.md
 * "Farcaster"). Off unless `AIRLOCK_API_FARCASTER_RELAY_URL` is set.
 */
export type FarcasterOptions = {
  /** Base URL of the Farcaster Connect relay (`AIRLOCK_API_FARCASTER_RELAY_URL`), e.g. `https://relay.farcaster.xyz`. */
  relayUrl: string;
  /** JSON-RPC URL of the chain holding the IdRegistry (`AIRLOCK_API_FARCASTER_RPC_URL`), OP mainnet in production. */
  rpcUrl: string;
  /** The IdRegistry contract (`AIRLOCK_API_FARCASTER_ID_REGISTRY`), read with `custodyOf(uint256 fid)`. */
  idRegistry: `0x${string}`;
  /** EIP-4361 `domain` of the sign-in messages (`AIRLOCK_API_FARCASTER_DOMAIN`); default the API's own host. */
  domain?: string;
  /** How long a channel may wait for the person, ms (default 5 minutes). */
  channelTtlMs?: number;
  /** Custody reader override (tests); default `custodyOf` on `idRegistry` over `rpcUrl`. */
  custodyOf?: (fid: bigint) => Promise<`0x${string}`>;
};

/** The IdRegistry on OP mainnet (chain 10): `custodyOf(uint256)`; the local dev registry uses the same address. */
export const FARCASTER_ID_REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';

/** EIP-4361 chain id of every Sign In With Farcaster message (OP mainnet). */
export const FARCASTER_CHAIN_ID = 10;

/** A channel stays redeemable this long by default (ms). */
export const CHANNEL_TTL_MS = 5 * 60_000;

const httpUrl = (name: string, value: string): string => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http(s) URL, got '${value}'`);
  return value.replace(/\/$/, '');
};

/**
 * The Farcaster options from the environment:
 * - `AIRLOCK_API_FARCASTER_RELAY_URL`: the relay (switches the feature on);
 * - `AIRLOCK_API_FARCASTER_RPC_URL`: required with it, the RPC of the IdRegistry's chain;
 * - `AIRLOCK_API_FARCASTER_ID_REGISTRY`: optional, default {@link FARCASTER_ID_REGISTRY};
 * - `AIRLOCK_API_FARCASTER_DOMAIN`: optional EIP-4361 domain (default the API's host).
 * @returns undefined when the relay URL is unset.
 * @throws Error naming the variable when one is malformed or the RPC URL is missing.
 */
export function farcasterFromEnv(env: NodeJS.ProcessEnv): FarcasterOptions | undefined {
  const {
    AIRLOCK_API_FARCASTER_RELAY_URL: relay,
    AIRLOCK_API_FARCASTER_RPC_URL: rpc,
    AIRLOCK_API_FARCASTER_ID_REGISTRY: registryEnv,
    AIRLOCK_API_FARCASTER_DOMAIN: domainEnv,
  } = env;
  if (!relay) return undefined;
  const relayUrl = httpUrl('AIRLOCK_API_FARCASTER_RELAY_URL', relay);
  if (!rpc)
    throw new Error('AIRLOCK_API_FARCASTER_RELAY_URL needs AIRLOCK_API_FARCASTER_RPC_URL (the IdRegistry chain)');
  const rpcUrl = httpUrl('AIRLOCK_API_FARCASTER_RPC_URL', rpc);
  const registry = registryEnv || FARCASTER_ID_REGISTRY;
  if (!isAddress(registry, { strict: false }))
    throw new Error(`AIRLOCK_API_FARCASTER_ID_REGISTRY must be an address, got '${registry}'`);
  const domain = domainEnv || undefined;
  return { relayUrl, rpcUrl, idRegistry: getAddress(registry), ...(domain ? { domain } : {}) };
}
