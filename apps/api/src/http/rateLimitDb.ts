import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { RateLimitConfig } from '../db/schema.ts';
import { retryAfter, type RateLimiter } from './rateLimit.ts';

/** Options of {@link createDatabaseRateLimiter}. */
export type DatabaseRateLimiterOptions = {
  /** Clock in ms since the epoch, default `Date.now` (tests inject a manual one). Instances sharing buckets share a clock. */
  now?: () => number;
  /** Minimum ms between deletions of refilled buckets by this instance, default 60 000. */
  sweepEveryMs?: number;
  /** Where a failed sweep is reported (it is retried at the next one). */
  log?: (message: string) => void;
};

/**
 * Creates a {@link RateLimiter} whose buckets live in the database (table `airlock_rate_buckets`,
 * migration 0008), so that every API instance over one database (PostgreSQL, or one PGlite in one
 * process) hands out one limit together: N requests spread over several instances count as N.
 *
 * Each take is one atomic statement (`INSERT … ON CONFLICT DO UPDATE … RETURNING`): the row is
 * locked while it is refilled and a token taken, so concurrent takes on any instance never get
 * more tokens than the bucket holds. The refill arithmetic is the in-memory limiter's (same
 * capacities, same Retry-After). Refilled buckets (the same as no bucket) are deleted now and then.
 */
export function createDatabaseRateLimiter(db: Db, options: DatabaseRateLimiterOptions = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const sweepEveryMs = options.sweepEveryMs ?? 60_000;
  let lastSweep = now();

  const sweep = (t: number) => {
    lastSweep = t;
    db.execute(sql`DELETE FROM airlock_rate_buckets WHERE full_at <= ${t}::float8`).catch((error: Error) =>
      options.log?.(`[api] rate-limit sweep failed: ${error.message.split('\n')[0]}`),
    );
  };

  return {
    take: async (key: string, config: RateLimitConfig) => {
      const t = now();
      if (t - lastSweep >= sweepEveryMs) sweep(t);
      const cap = sql`${config.capacity}::float8`;
      const rate = sql`${config.refillPerSecond}::float8`;
      const at = sql`${t}::float8`;
      // The existing row refilled up to now (SET expressions see the row as it was).
      const refilled = sql`LEAST(${cap}, b.tokens + GREATEST(0, ${at} - b.at) / 1000 * ${rate})`;
      const left = sql`(${refilled} - CASE WHEN ${refilled} >= 1 THEN 1 ELSE 0 END)`;
      const newAt = sql`GREATEST(b.at, ${at})`;
      const result = (await db.execute(sql`
        INSERT INTO airlock_rate_buckets AS b (key, tokens, at, capacity, refill_per_second, taken, full_at)
        VALUES (
          ${key}, ${cap} - CASE WHEN ${cap} >= 1 THEN 1 ELSE 0 END, ${at}, ${cap}, ${rate}, ${cap} >= 1,
          ${at} + CASE WHEN ${cap} >= 1 THEN 1000 / ${rate} ELSE 0 END
        )
        ON CONFLICT (key) DO UPDATE SET
          tokens = ${left},
          at = ${newAt},
          capacity = ${cap},
          refill_per_second = ${rate},
          taken = ${refilled} >= 1,
          full_at = ${newAt} + (${cap} - ${left}) * 1000 / ${rate}
        RETURNING tokens, taken
      `)) as unknown as { rows: { tokens: number | string; taken: boolean }[] };
      const row = result.rows[0]!;
      return row.taken
        ? { ok: true }
        : { ok: false, retryAfterSeconds: retryAfter(Number(row.tokens), config.refillPerSecond) };
    },
    refund: async (key: string) => {
      await db.execute(sql`
        UPDATE airlock_rate_buckets
        SET tokens = LEAST(capacity, tokens + 1),
            full_at = at + (capacity - LEAST(capacity, tokens + 1)) * 1000 / refill_per_second
        WHERE key = ${key}
      `);
    },
  };
}
