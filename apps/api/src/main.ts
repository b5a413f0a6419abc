import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { createChains, type Chain } from './chains.ts';
import type { ApiOptions } from './options.ts';
import { createSolanaChains } from './solana/config.ts';
import { createBip122Chains } from './bip122/config.ts';
import { createCosmosChains } from './cosmos/config.ts';
import { createPolkadotChains } from './polkadot/config.ts';
import { createUniswapV2Aggregator } from './convert/uniswapV2.ts';
import { createHttpOnrampProvider } from './onramp/provider.ts';
import { openDatabase, type Database, type DatabaseOptions, type Db } from './db/client.ts';
import { optionsFromEnv } from './env.ts';
import { createApp } from './http/app.ts';
import type { AppEnv } from './http/guard.ts';
import { DEFAULT_LIMITS, type ApiLimits } from './http/limits.ts';
import { createRateLimiter } from './http/rateLimit.ts';
import { createDatabaseRateLimiter } from './http/rateLimitDb.ts';
import { createIndexer, type Indexer } from './indexer/indexer.ts';
import { createIndexerLease } from './indexer/lease.ts';
import { createDevPriceSource } from './prices.ts';
import { createProjectCache } from './projectCache.ts';
import { createTokenLists } from './tokenLists.ts';
import { getProject } from './projects.ts';
import { applySeed, DEV_SEED_PATH, readSeedFile } from './seed.ts';
import { loadSessionKeys } from './siwx/keys.ts';
import { privateKeyToAccount } from 'viem/accounts';
import { BundlerConfigSchema, type BundlerConfig, type BundlerConfigInput } from './bundler/config.ts';

export type { ApiOptions } from './options.ts';

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
