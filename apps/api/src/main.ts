import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { createChains, type Chain, type ChainConfigInput } from './chains.ts';
import { createSolanaChains, type SolanaChainConfigInput } from './solana/config.ts';
import { createBip122Chains, type Bip122ChainConfigInput } from './bip122/config.ts';
import { createCosmosChains, type CosmosChainConfigInput } from './cosmos/config.ts';
import { createPolkadotChains, type PolkadotChainConfigInput } from './polkadot/config.ts';
import type { Aggregator } from './convert/aggregator.ts';
import { createUniswapV2Aggregator, type UniswapV2Deployment } from './convert/uniswapV2.ts';
import { createHttpOnrampProvider, type OnrampProvider, type OnrampProviderConfig } from './onramp/provider.ts';
import { openDatabase, type Database, type DatabaseOptions, type Db } from './db/client.ts';
import type { RateLimitConfig } from './db/schema.ts';
import { optionsFromEnv } from './env.ts';
import type { EmbeddedOptions } from './embedded/index.ts';
import { createApp } from './http/app.ts';
import type { AppEnv } from './http/guard.ts';
import { DEFAULT_LIMITS, type ApiLimits } from './http/limits.ts';
import { createRateLimiter, type RateLimitStore } from './http/rateLimit.ts';
import { createDatabaseRateLimiter } from './http/rateLimitDb.ts';
import { createIndexer, type Indexer } from './indexer/indexer.ts';
import { createIndexerLease } from './indexer/lease.ts';
import { createDevPriceSource, type PriceSource } from './prices.ts';
import { createProjectCache } from './projectCache.ts';
import { createTokenLists } from './tokenLists.ts';
import { getProject } from './projects.ts';
import { applySeed, DEV_SEED_PATH, readSeedFile, type Seed } from './seed.ts';
import { loadSessionKeys } from './siwx/keys.ts';
import type { JWK } from 'jose';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { BundlerConfigSchema, type BundlerConfig, type BundlerConfigInput } from './bundler/config.ts';

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

/** A created API: the Hono app (usable without a socket via `app.request`), its database, its indexer, start/stop. */
export type Api = {
  app: Hono<AppEnv>;
  db: Db;
  indexer: Indexer;
  /** Listens on host:port and starts the indexer (unless autoStart is false). @returns the base URL, e.g. `http://127.0.0.1:8787`. */
  start: () => Promise<string>;
  /** Stops the indexer and the server, then closes the database. Safe to call twice. */
  stop: () => Promise<void>;
};

/**
 * The bundler of each chain, validated (see `BundlerConfigSchema`).
 * @throws when an entry is invalid, or names a chain the API does not serve (its gas price is read there)
 */
function createBundlers(configs: BundlerConfigInput[], chains: Map<string, Chain>): Map<string, BundlerConfig> {
  const bundlers = new Map<string, BundlerConfig>();
  for (const input of configs) {
    const config = BundlerConfigSchema.parse(input);
    if (!chains.has(config.caipNetworkId))
      throw new Error(`The bundler of ${config.caipNetworkId} names a chain the API does not serve (AIRLOCK_CHAINS)`);
    bundlers.set(config.caipNetworkId, config);
  }
  return bundlers;
}

/**
 * Creates the self-hostable provider API: opens the database and
 * applies migrations, applies the seed, builds the app and the indexer.
 * @throws when the database cannot be opened, a migration fails, or the seed/chain config is invalid.
 */
export async function createApi(options: ApiOptions = {}): Promise<Api> {
  const log = options.log ?? ((m: string) => console.log(m));
  const chains = createChains(options.chains ?? []);
  const solanaChains = createSolanaChains(options.solana ?? []);
  const bip122Chains = createBip122Chains(options.bitcoin ?? []);
  const cosmosChains = createCosmosChains(options.cosmos ?? []);
  const polkadotChains = createPolkadotChains(options.polkadot ?? []);
  const aggregator = options.swaps?.aggregator
    ? options.swaps.aggregator(chains)
    : options.swaps?.uniswapV2?.length
      ? createUniswapV2Aggregator(chains, options.swaps.uniswapV2)
      : undefined;
  const onrampProviders = (options.onramp?.providers ?? []).map((p) =>
    'checkoutUrl' in p ? p : createHttpOnrampProvider(p),
  );
  const given = options.database && 'open' in options.database ? options.database.open : undefined;
  const database: Database = given
    ? { ...given, close: async () => {} }
    : await openDatabase(options.database as DatabaseOptions | undefined);
  const { db } = database;
  try {
    if (options.seed) {
      const seed =
        typeof options.seed === 'string'
          ? readSeedFile(options.seed === 'dev' ? DEV_SEED_PATH : options.seed)
          : options.seed;
      await applySeed(db, seed);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  const prices = options.prices ?? createDevPriceSource();
  let keys: Awaited<ReturnType<typeof loadSessionKeys>>;
  try {
    keys = await loadSessionKeys(options.siwx?.jwtKey);
  } catch (error) {
    await database.close();
    throw error;
  }
  if (!options.siwx?.jwtKey) log('[api] AIRLOCK_SIWX_JWT_KEY not set: session tokens are signed with an ephemeral key');

  const now = options.clock ?? Date.now;
  const limits: ApiLimits = {
    ...DEFAULT_LIMITS,
    ...(options.rateLimit ? { perClient: options.rateLimit } : {}),
    ...options.limits,
  };
  const bundlers = createBundlers(options.bundlers?.chains ?? [], chains);
  const app = createApp({
    db,
    chains,
    bundlers,
    paymasterSigner: options.bundlers?.paymasterSignerKey
      ? privateKeyToAccount(options.bundlers.paymasterSignerKey)
      : undefined,
    solanaChains,
    bip122Chains,
    cosmosChains,
    polkadotChains,
    prices,
    tokenLists: createTokenLists({ log }),
    projects: createProjectCache((id) => getProject(db, id), {
      ttlMs: limits.projectCacheMs,
      maxEntries: limits.projectCacheEntries,
      now,
    }),
    limiter:
      options.rateLimitStore === 'memory'
        ? createRateLimiter({ now, maxKeys: limits.maxKeys })
        : createDatabaseRateLimiter(db, { now, log }),
    limits,
    trustProxyHops: options.trustProxyHops ?? 0,
    now,
    maxBodyBytes: options.maxBodyBytes ?? 65_536,
    historyPageSize: options.historyPageSize ?? 20,
    rpc: { maxBatch: options.rpc?.maxBatch ?? 1000, maxBodyBytes: options.rpc?.maxBodyBytes ?? 2 * 1024 * 1024 },
    publicUrl: options.publicUrl,
    aggregator,
    onrampProviders,
    defaultPurchaseCurrency: options.onramp?.defaultPurchaseCurrency ?? 'USDC',
    nameZones: (options.names?.zones ?? []).map((z) => z.replace(/^\./, '').toLowerCase()),
    siwx: {
      keys,
      nonceTtlMs: options.siwx?.nonceTtlMs ?? 600_000,
      defaultSessionMs: options.siwx?.defaultSessionMs ?? 7 * 24 * 60 * 60 * 1000,
    },
    embedded: options.embedded,
    log,
  });
  // One instance at a time indexes a chain (the lease lasts 30 s, or 10 polls when polling is slower).
  const lease = createIndexerLease(db, Math.max(30_000, 10 * (options.indexer?.pollIntervalMs ?? 1000)));
  const indexer = createIndexer({ db, chains, pollIntervalMs: options.indexer?.pollIntervalMs, log, lease });
  let server: ServerType | undefined;
  let stopped = false;

  return {
    app,
    db,
    indexer,
    start: async () => {
      const port = options.port ?? 8787;
      const host = options.host ?? '127.0.0.1';
      const address = await new Promise<AddressInfo>((resolve, reject) => {
        server = serve({ fetch: app.fetch, port, hostname: host }, resolve);
        server.once('error', reject);
      });
      const url = `http://${host}:${address.port}`;
      log(
        `[api] listening on ${url} (storage ${database.kind}; chains ${[...chains.keys()].join(', ') || 'none'}; prices ${prices.label}${prices.label.startsWith('dev') ? ', NOT market data' : ''})`,
      );
      if (options.indexer?.autoStart !== false && chains.size) indexer.start();
      return url;
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await indexer.stop();
      for (const chain of [...chains.values(), ...solanaChains.values()]) chain.stop();
      if (server) {
        const s = server;
        const closed = new Promise<void>((resolve) => s.close(() => resolve()));
        if ('closeAllConnections' in s) s.closeAllConnections();
        await closed;
      }
      await database.close();
    },
  };
}

async function runFromCommandLine(): Promise<void> {
  const api = await createApi(optionsFromEnv());
  await api.start();
  const shutdown = () => {
    void api.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runFromCommandLine().catch((error: unknown) => {
    console.error(`[api] failed to start: ${(error as Error).message}`);
    process.exit(1);
  });
}
