import type { JWK } from 'jose';
import type { Hex } from 'viem';
import type { BundlerConfigInput } from './bundler/config.ts';
import type { Chain, ChainConfigInput } from './chains.ts';
import type { Bip122ChainConfigInput } from './bip122/config.ts';
import type { CosmosChainConfigInput } from './cosmos/config.ts';
import type { PolkadotChainConfigInput } from './polkadot/config.ts';
import type { Aggregator } from './convert/aggregator.ts';
import type { UniswapV2Deployment } from './convert/uniswapV2.ts';
import type { Database, DatabaseOptions } from './db/client.ts';
import type { RateLimitConfig } from './db/schema.ts';
import type { EmbeddedOptions } from './embedded/index.ts';
import type { ApiLimits } from './http/limits.ts';
import type { RateLimitStore } from './http/rateLimit.ts';
import type { OnrampProvider, OnrampProviderConfig } from './onramp/provider.ts';
import type { PriceSource } from './prices.ts';
import type { Seed } from './seed.ts';
import type { SolanaChainConfigInput } from './solana/config.ts';

// The options of createApi (main.ts), apart so that env.ts, which builds them from the
// environment, and main.ts, which reads env.ts, do not import each other.

/** Options of {@link createApi}; every field has a default. */
export type ApiOptions = {
  /** TCP port, default 8787; 0 picks a free one. */
  port?: number;
  /** Bind address, default 127.0.0.1. */
  host?: string;
  /**
   * Storage, default embedded PGlite in `.airlock/api-data` (see `DatabaseOptions`); or `{ open }`, a
   * database already opened by the caller and shared with other API instances in this process (tests:
   * two instances over one PGlite), which `stop()` leaves open.
   */
  database?: DatabaseOptions | { open: Database };
  /** EVM chains to serve and index, default none. */
  chains?: ChainConfigInput[];
  /** Solana chains to serve (balances and history read from their RPC, env `AIRLOCK_SOLANA_CHAINS`), default none. */
  solana?: SolanaChainConfigInput[];
  /** Bitcoin networks to serve (balances and history from an Esplora API, env `AIRLOCK_BITCOIN_CHAINS`), default none. */
  bitcoin?: Bip122ChainConfigInput[];
  /** Cosmos networks to serve (balances from their LCD, env `AIRLOCK_COSMOS_CHAINS`), default none. */
  cosmos?: CosmosChainConfigInput[];
  /** Polkadot networks to serve (free/reserved balance from their JSON-RPC, env `AIRLOCK_POLKADOT_CHAINS`), default none. */
  polkadot?: PolkadotChainConfigInput[];
  /** Seed applied at start (insert-if-missing): a seed object, a file path, or `'dev'` for `apps/api/seed/dev.json`. */
  seed?: Seed | string;
  /** Price source, default the dev fixed table (`dev-fixed-table`, not market data). */
  prices?: PriceSource;
  /** Default token bucket of one client (IP) of a project, for projects without their own `rate_limit`; default 120 burst / 20 per second. Same as `limits.perClient`. */
  rateLimit?: RateLimitConfig;
  /** Rate limits and caps, each defaulting to `DEFAULT_LIMITS` (see `ApiLimits`). */
  limits?: Partial<ApiLimits>;
  /**
   * Where the rate-limit buckets live (env `AIRLOCK_RATE_LIMIT_STORE`): `database` (default; shared by
   * every instance over the same database, required behind a load balancer) or `memory` (this process
   * only, bounded by `limits.maxKeys`; for a single instance that wants no database round trip per take).
   */
  rateLimitStore?: RateLimitStore;
  /** Proxies in front of the API that append to `X-Forwarded-For` (default 0: the client IP is the socket address, the header is ignored). */
  trustProxyHops?: number;
  /** Clock in ms since the epoch for rate limits, the project cache and the analytics timestamp window; default `Date.now` (tests freeze it). */
  clock?: () => number;
  /** Request body limit in bytes, default 65536. */
  maxBodyBytes?: number;
  /** History items per page, default 20. */
  historyPageSize?: number;
  /** The RPC proxy (`POST /v1/`): most requests per batch (default 1000, spec §7; env `AIRLOCK_RPC_MAX_BATCH`) and body limit in bytes (default 2 MiB; env `AIRLOCK_RPC_MAX_BODY_BYTES`). */
  rpc?: { maxBatch?: number; maxBodyBytes?: number };
  /** Base URL for icon links in responses, default the request's origin. */
  publicUrl?: string;
  /** Indexer: poll interval in ms (default 1000); `autoStart: false` leaves polling off (tests call `indexer.sync()`). */
  indexer?: { pollIntervalMs?: number; autoStart?: boolean };
  /** Swaps (`/v1/convert/*`): Uniswap v2 Router02 deployments (env `AIRLOCK_SWAP_UNISWAP_V2`), or a factory of another `Aggregator` (production). Default none. */
  swaps?: { uniswapV2?: UniswapV2Deployment[]; aggregator?: (chains: Map<string, Chain>) => Aggregator };
  /** Account names (`/v1/profile/*`): the zones registered under, without the leading dot (env `AIRLOCK_NAME_ZONES`; the dev stack uses `reown.id` and the legacy `wcn.id`). Default none. */
  names?: { zones: string[] };
  /**
   * Onramp (`/v1/onramp/*`, `/v1/generators/onrampurl`): HTTP card providers (env `AIRLOCK_ONRAMP_PROVIDERS`, a JSON list of
   * `OnrampProviderConfig`) or ready `OnrampProvider`s, and the default purchase currency (env
   * `AIRLOCK_ONRAMP_DEFAULT_CURRENCY`, default `USDC`). Default no provider (sample options, mock quotes).
   */
  onramp?: { providers?: (OnrampProviderConfig | OnrampProvider)[]; defaultPurchaseCurrency?: string };
  /**
   * Sign-in (`/v1/siwx/*`, `/v1/sessions/*`): `jwtKey` the EC P-256 private JWK that signs session
   * tokens (env `AIRLOCK_SIWX_JWT_KEY`; default an ephemeral key, logged as such), `nonceTtlMs`
   * (default 600000), `defaultSessionMs` for messages without `expirationTime` (default 7 days).
   */
  siwx?: { jwtKey?: JWK; nonceTtlMs?: number; defaultSessionMs?: number };
  /** The embedded wallet (`/embedded/v1/*`; env `AIRLOCK_API_SMTP_URL`, `AIRLOCK_API_RECOVERY_KEY`, … see docs/embedded-wallet.md). Default off. */
  embedded?: EmbeddedOptions;
  /**
   * ERC-4337 (`POST /v1/bundler`, spec §7): the operator's bundler (and VerifyingPaymaster) per chain (env
   * `AIRLOCK_BUNDLERS`, a JSON list of `BundlerConfig`), and the paymaster's signer key (env
   * `AIRLOCK_PAYMASTER_SIGNER_KEY`; without it no sponsorship). Default none (the route answers 400 for every chain).
   */
  bundlers?: { chains?: BundlerConfigInput[]; paymasterSignerKey?: Hex };
  /** Log sink, default `console.log`. */
  log?: (message: string) => void;
};
