import { BundlerConfigSchema } from './bundler/config.ts';
import type { JWK } from 'jose';
import { z } from 'zod/mini';
import { ChainConfigSchema } from './chains.ts';
import { SolanaChainConfigSchema } from './solana/config.ts';
import { Bip122ChainConfigSchema } from './bip122/config.ts';
import { CosmosChainConfigSchema } from './cosmos/config.ts';
import { PolkadotChainConfigSchema } from './polkadot/config.ts';
import { UniswapV2DeploymentSchema } from './convert/uniswapV2.ts';
import { OnrampProviderConfigSchema } from './onramp/provider.ts';
import type { RateLimitConfig } from './db/schema.ts';
import { DEFAULT_LIMITS, type ApiLimits } from './http/limits.ts';
import type { ApiOptions } from './options.ts';
import type { EmbeddedOptions } from './embedded/config.ts';
import { testClockFromEnv } from './embedded/testClock.ts';
import { farcasterFromEnv } from './farcaster/config.ts';
import { socialProvidersFromEnv } from './social/config.ts';

/**
 * Token-bucket variables, each a pair `<prefix>_CAPACITY` (requests of
 * burst) / `<prefix>_REFILL` (requests per second), both > 0; see `ApiLimits`.
 */
export const RATE_ENV: Record<
  'perClient' | 'perIp' | 'unknownProject' | 'perProject' | 'eventsPerIp' | 'eventsPerProject',
  string
> = {
  perClient: 'AIRLOCK_RATE',
  perIp: 'AIRLOCK_RATE_IP',
  unknownProject: 'AIRLOCK_RATE_UNKNOWN',
  perProject: 'AIRLOCK_RATE_PROJECT',
  eventsPerIp: 'AIRLOCK_EVENT_RATE_IP',
  eventsPerProject: 'AIRLOCK_EVENT_RATE_PROJECT',
};

/**
 * Reads the server options from the environment:
 * - `PORT` (default 8787), `HOST` (default 127.0.0.1);
 * - `DATABASE_URL`: a PostgreSQL URL; unset = embedded PGlite in `AIRLOCK_API_DATA` (default `.airlock/api-data`);
 * - `AIRLOCK_CHAINS`: JSON list of `{ caipNetworkId, rpcUrl, rpcUrls?, nativeCurrency?, startBlock?, tokenLists?, multicall3?,
 *   history? }` (default none; see `ChainConfigSchema`);
 * - `AIRLOCK_SOLANA_CHAINS`: JSON list of `{ caipNetworkId: 'solana:…', rpcUrl, rpcUrls?, tokens?: [{ mint, symbol, name }] }`
 *   (default none; see `SolanaChainConfigSchema`);
 * - `AIRLOCK_BITCOIN_CHAINS`: JSON list of `{ caipNetworkId: 'bip122:…', esploraUrl }` (default none; an Esplora-compatible API);
 * - `AIRLOCK_COSMOS_CHAINS`: JSON list of `{ caipNetworkId: 'cosmos:…', lcdUrl, denoms? }` (default none; a Cosmos SDK LCD);
 * - `AIRLOCK_POLKADOT_CHAINS`: JSON list of `{ caipNetworkId: 'polkadot:…', rpcUrl }` (default none; a Substrate JSON-RPC);
 * - `AIRLOCK_API_SEED`: a seed file path, or `dev` for `apps/api/seed/dev.json`;
 * - `AIRLOCK_API_TRUST_PROXY`: number of proxies in front that append to X-Forwarded-For (default 0 = ignore the header);
 * - token buckets, see {@link RATE_ENV} (`AIRLOCK_RATE_CAPACITY` / `AIRLOCK_RATE_REFILL` is one client of a project);
 * - `AIRLOCK_RATE_LIMIT_STORE`: `database` (default: buckets shared by every instance over the database) or `memory`
 *   (one instance only);
 * - `AIRLOCK_EVENT_MAX_BYTES` (analytics body, default 8192), `AIRLOCK_RATE_MAX_KEYS` (in-memory limiter buckets, default 100000),
 *   `AIRLOCK_PROJECT_CACHE_MS` (default 5000), `AIRLOCK_PROJECT_CACHE_ENTRIES` (default 10000);
 * - `AIRLOCK_MAX_BODY_BYTES` (default 65536); `AIRLOCK_API_PUBLIC_URL` (base of icon links);
 * - `AIRLOCK_INDEXER_POLL_MS` (default 1000);
 * - `AIRLOCK_RPC_MAX_BATCH` (RPC proxy, requests per batch, default 1000), `AIRLOCK_RPC_MAX_BODY_BYTES` (default 2097152);
 * - `AIRLOCK_SWAP_UNISWAP_V2`: JSON list of `{ caipNetworkId, router, tokens }` (swaps, see `UniswapV2DeploymentSchema`);
 * - `AIRLOCK_ONRAMP_PROVIDERS`: JSON list of `{ id, name, url, publicKey, secretKey, webhookSecret }`; `AIRLOCK_ONRAMP_DEFAULT_CURRENCY` (default USDC);
 * - `AIRLOCK_NAME_ZONES`: comma-separated name zones (`reown.id,wcn.id`);
 * - `AIRLOCK_SIWX_JWT_KEY`: the EC P-256 private JWK (JSON) that signs sign-in session tokens (default an ephemeral key).
 * - `AIRLOCK_BUNDLERS`: JSON list of `{ caipNetworkId, url, entryPoint?, paymaster? }` (ERC-4337 bundler and
 *   VerifyingPaymaster per chain, `POST /v1/bundler`, see `BundlerConfigSchema`); `AIRLOCK_PAYMASTER_SIGNER_KEY`
 *   the paymaster's signer (0x + 32 bytes hex; without it no gas sponsorship).
 * - the embedded wallet, see {@link embeddedFromEnv}.
 * @throws Error naming the variable when one is malformed.
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): ApiOptions {
  const num = (name: string, fallback?: number): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got '${raw}'`);
    return value;
  };
  const positive = (name: string): number | undefined => {
    const value = num(name);
    if (value === 0) throw new Error(`${name} must be greater than 0`);
    return value;
  };
  const bucket = (prefix: string, fallback: RateLimitConfig): RateLimitConfig | undefined => {
    const capacity = positive(`${prefix}_CAPACITY`);
    const refill = positive(`${prefix}_REFILL`);
    if (capacity === undefined && refill === undefined) return undefined;
    return { capacity: capacity ?? fallback.capacity, refillPerSecond: refill ?? fallback.refillPerSecond };
  };
  let chains: z.input<typeof ChainConfigSchema>[] = [];
  if (env.AIRLOCK_CHAINS) {
    try {
      chains = z.array(ChainConfigSchema).parse(JSON.parse(env.AIRLOCK_CHAINS));
    } catch (error) {
      throw new Error(`AIRLOCK_CHAINS must be a JSON list of { caipNetworkId, rpcUrl }: ${(error as Error).message}`);
    }
  }
  const jsonList = <T>(name: string, schema: z.ZodMiniType<T>): T[] | undefined => {
    if (!env[name]) return undefined;
    try {
      return z.array(schema).parse(JSON.parse(env[name]!));
    } catch (error) {
      throw new Error(`${name} must be a JSON list: ${(error as Error).message}`);
    }
  };
  const solana = jsonList('AIRLOCK_SOLANA_CHAINS', SolanaChainConfigSchema);
  const bitcoin = jsonList('AIRLOCK_BITCOIN_CHAINS', Bip122ChainConfigSchema);
  const cosmos = jsonList('AIRLOCK_COSMOS_CHAINS', CosmosChainConfigSchema);
  const polkadot = jsonList('AIRLOCK_POLKADOT_CHAINS', PolkadotChainConfigSchema);
  const uniswapV2 = jsonList('AIRLOCK_SWAP_UNISWAP_V2', UniswapV2DeploymentSchema);
  const onrampProviders = jsonList('AIRLOCK_ONRAMP_PROVIDERS', OnrampProviderConfigSchema);
  const bundlers = jsonList('AIRLOCK_BUNDLERS', BundlerConfigSchema);
  const paymasterSignerKey = env.AIRLOCK_PAYMASTER_SIGNER_KEY || undefined;
  if (paymasterSignerKey && !/^0x[0-9a-fA-F]{64}$/.test(paymasterSignerKey))
    throw new Error('AIRLOCK_PAYMASTER_SIGNER_KEY must be a 0x-prefixed 32-byte hex private key');
  const zones = (env.AIRLOCK_NAME_ZONES ?? '')
    .split(',')
    .map((z) => z.trim())
    .filter(Boolean);
  const limits: Partial<ApiLimits> = {};
  for (const [key, prefix] of Object.entries(RATE_ENV) as [keyof typeof RATE_ENV, string][]) {
    const value = bucket(prefix, DEFAULT_LIMITS[key]);
    if (value) limits[key] = value;
  }
  const scalars: [keyof ApiLimits, string, (name: string) => number | undefined][] = [
    ['eventMaxBytes', 'AIRLOCK_EVENT_MAX_BYTES', positive],
    ['maxKeys', 'AIRLOCK_RATE_MAX_KEYS', positive],
    ['projectCacheMs', 'AIRLOCK_PROJECT_CACHE_MS', num],
    ['projectCacheEntries', 'AIRLOCK_PROJECT_CACHE_ENTRIES', positive],
  ];
  for (const [key, name, read] of scalars) {
    const value = read(name);
    if (value !== undefined) (limits as Record<string, number>)[key] = value;
  }
  const trustProxyHops = num('AIRLOCK_API_TRUST_PROXY', 0)!;
  if (!Number.isInteger(trustProxyHops))
    throw new Error(`AIRLOCK_API_TRUST_PROXY must be a whole number of proxies, got '${env.AIRLOCK_API_TRUST_PROXY}'`);
  const store = env.AIRLOCK_RATE_LIMIT_STORE || 'database';
  if (store !== 'database' && store !== 'memory')
    throw new Error(`AIRLOCK_RATE_LIMIT_STORE must be 'database' or 'memory', got '${store}'`);
  return {
    port: num('PORT', 8787),
    host: env.HOST || '127.0.0.1',
    database: env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : { dataDir: env.AIRLOCK_API_DATA || '.airlock/api-data' },
    chains,
    ...(solana ? { solana } : {}),
    ...(bitcoin ? { bitcoin } : {}),
    ...(cosmos ? { cosmos } : {}),
    ...(polkadot ? { polkadot } : {}),
    seed: env.AIRLOCK_API_SEED || undefined,
    limits,
    rateLimitStore: store,
    trustProxyHops,
    maxBodyBytes: num('AIRLOCK_MAX_BODY_BYTES'),
    publicUrl: env.AIRLOCK_API_PUBLIC_URL || undefined,
    indexer: { pollIntervalMs: num('AIRLOCK_INDEXER_POLL_MS', 1000) },
    rpc: { maxBatch: positive('AIRLOCK_RPC_MAX_BATCH'), maxBodyBytes: positive('AIRLOCK_RPC_MAX_BODY_BYTES') },
    swaps: uniswapV2 ? { uniswapV2 } : undefined,
    onramp:
      onrampProviders || env.AIRLOCK_ONRAMP_DEFAULT_CURRENCY
        ? { providers: onrampProviders, defaultPurchaseCurrency: env.AIRLOCK_ONRAMP_DEFAULT_CURRENCY || undefined }
        : undefined,
    names: zones.length ? { zones } : undefined,
    siwx: env.AIRLOCK_SIWX_JWT_KEY ? { jwtKey: parseJwk(env.AIRLOCK_SIWX_JWT_KEY) } : undefined,
    embedded: embeddedFromEnv(env),
    bundlers:
      bundlers || paymasterSignerKey
        ? { chains: bundlers, paymasterSignerKey: paymasterSignerKey as `0x${string}` | undefined }
        : undefined,
  };
}

/**
 * The embedded wallet's options (docs/embedded-wallet.md "Environment"), on when
 * `AIRLOCK_API_SMTP_URL`, `AIRLOCK_API_RECOVERY_KEY` and `AIRLOCK_API_SECURE_FRAME_ORIGINS` are set:
 * - `AIRLOCK_API_SMTP_URL`: smtp(s):// URL the mails go to; `AIRLOCK_API_MAIL_FROM` the From address;
 * - `AIRLOCK_API_RECOVERY_KEY`: 32 bytes, base64 (encrypts recovery shares; keep it out of the database's backups);
 * - `AIRLOCK_API_SESSION_SECRET`: optional, ≥ 32 bytes base64 (session JWTs and code HMACs; default derived from the recovery key);
 * - `AIRLOCK_API_SECURE_FRAME_ORIGINS`: comma list of the secure frame origins (CORS);
 * - `AIRLOCK_API_PUBLIC_URL` (shared): the base of approval links and of DPoP `htu`;
 * - `AIRLOCK_API_TEST_CLOCK=1`: end-to-end tests only, `POST /v1/test/clock` (refused with `NODE_ENV=production`).
 * - `AIRLOCK_API_FARCASTER_*`: Sign In With Farcaster, see `farcasterFromEnv`.
 * - `AIRLOCK_API_SOCIAL_PROVIDERS`: optional JSON of the social login providers (`socialProvidersFromEnv`).
 * @throws Error naming the variable when one is set but malformed, or when only some are set.
 */
export function embeddedFromEnv(env: NodeJS.ProcessEnv): EmbeddedOptions | undefined {
  const names = ['AIRLOCK_API_SMTP_URL', 'AIRLOCK_API_RECOVERY_KEY', 'AIRLOCK_API_SECURE_FRAME_ORIGINS'] as const;
  const set = names.filter((name) => env[name]);
  if (set.length === 0) return undefined;
  if (set.length < names.length)
    throw new Error(
      `The embedded wallet needs ${names.join(', ')}; missing ${names.filter((n) => !env[n]).join(', ')}`,
    );
  const smtpUrl = env.AIRLOCK_API_SMTP_URL!;
  if (!/^smtps?:\/\//.test(smtpUrl))
    throw new Error(`AIRLOCK_API_SMTP_URL must be an smtp:// or smtps:// URL, got '${smtpUrl}'`);
  const recoveryKey = Buffer.from(env.AIRLOCK_API_RECOVERY_KEY!, 'base64');
  if (recoveryKey.length !== 32) throw new Error('AIRLOCK_API_RECOVERY_KEY must be 32 bytes, base64');
  const sessionSecret = env.AIRLOCK_API_SESSION_SECRET
    ? Buffer.from(env.AIRLOCK_API_SESSION_SECRET, 'base64')
    : undefined;
  if (sessionSecret && sessionSecret.length < 32)
    throw new Error('AIRLOCK_API_SESSION_SECRET must be at least 32 bytes, base64');
  const secureFrameOrigins = env
    .AIRLOCK_API_SECURE_FRAME_ORIGINS!.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of secureFrameOrigins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin)
      throw new Error(`AIRLOCK_API_SECURE_FRAME_ORIGINS: '${origin}' is not an origin (scheme://host[:port])`);
  }
  return {
    smtpUrl,
    mailFrom: env.AIRLOCK_API_MAIL_FROM || undefined,
    recoveryKey,
    sessionSecret,
    secureFrameOrigins,
    publicUrl: env.AIRLOCK_API_PUBLIC_URL || undefined,
    testClock: testClockFromEnv(env) || undefined,
    farcaster: farcasterFromEnv(env),
    socialProviders: socialProvidersFromEnv(env.AIRLOCK_API_SOCIAL_PROVIDERS),
  };
}

/** A JWK from its JSON text. @throws Error 'AIRLOCK_SIWX_JWT_KEY must be a JSON Web Key' when it is not a JSON object. */
function parseJwk(text: string): JWK {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as JWK;
  } catch {
    /* reported below */
  }
  throw new Error('AIRLOCK_SIWX_JWT_KEY must be a JSON Web Key');
}
