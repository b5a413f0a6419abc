import { z } from 'zod';
import { ChainConfigSchema } from './chains.ts';
import type { ApiOptions } from './main.ts';

/**
 * Reads the server options from the environment (issue 4):
 * - `PORT` (default 8787), `HOST` (default 127.0.0.1);
 * - `DATABASE_URL`: a PostgreSQL URL; unset = embedded PGlite in `AIRLOCK_API_DATA` (default `.airlock/api-data`);
 * - `AIRLOCK_CHAINS`: JSON list of `{ caipNetworkId, rpcUrl, nativeCurrency?, startBlock? }` (default none);
 * - `AIRLOCK_API_SEED`: a seed file path, or `dev` for `apps/api/seed/dev.json`;
 * - `AIRLOCK_RATE_CAPACITY` / `AIRLOCK_RATE_REFILL`: default token bucket (requests; requests per second);
 * - `AIRLOCK_MAX_BODY_BYTES` (default 65536); `AIRLOCK_API_PUBLIC_URL` (base of icon links);
 * - `AIRLOCK_INDEXER_POLL_MS` (default 1000).
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
  let chains: z.input<typeof ChainConfigSchema>[] = [];
  if (env.AIRLOCK_CHAINS) {
    try {
      chains = z.array(ChainConfigSchema).parse(JSON.parse(env.AIRLOCK_CHAINS));
    } catch (error) {
      throw new Error(`AIRLOCK_CHAINS must be a JSON list of { caipNetworkId, rpcUrl }: ${(error as Error).message}`);
    }
  }
  const capacity = num('AIRLOCK_RATE_CAPACITY');
  const refill = num('AIRLOCK_RATE_REFILL');
  return {
    port: num('PORT', 8787),
    host: env.HOST || '127.0.0.1',
    database: env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.AIRLOCK_API_DATA || '.airlock/api-data' },
    chains,
    seed: env.AIRLOCK_API_SEED || undefined,
    rateLimit: capacity !== undefined || refill !== undefined ? { capacity: capacity ?? 120, refillPerSecond: refill ?? 20 } : undefined,
    maxBodyBytes: num('AIRLOCK_MAX_BODY_BYTES'),
    publicUrl: env.AIRLOCK_API_PUBLIC_URL || undefined,
    indexer: { pollIntervalMs: num('AIRLOCK_INDEXER_POLL_MS', 1000) },
  };
}
