import type { RateLimitConfig } from '../db/schema.ts';

/**
 * Per-key token buckets. A bucket starts full with `capacity` tokens; each
 * request takes one; tokens refill continuously at `refillPerSecond`. An empty
 * bucket answers with the seconds until one token is back (the 429
 * Retry-After value, an integer ≥ 1). A bucket that has refilled to capacity
 * is the same as no bucket, so idle buckets may be dropped (lossless).
 *
 * Two stores: the database (`createDatabaseRateLimiter`, the default: every
 * API instance over one database shares the buckets) and this process's
 * memory ({@link createRateLimiter}, only for a single instance that opts in
 * with `AIRLOCK_RATE_LIMIT_STORE=memory`).
 */
export type RateLimiter = {
  /**
   * Takes a token from `key`'s bucket (created full with `config` when absent), atomically:
   * concurrent takes never hand out more tokens than the bucket holds.
   * @returns `{ ok: true }` or `{ ok: false, retryAfterSeconds }`.
   * @throws the store's error (the database unreachable): the request fails, it is never let through unlimited.
   */
  take: (key: string, config: RateLimitConfig) => Promise<TakeResult>;
  /** Gives back a token taken from `key` (up to the bucket's capacity); no-op when the bucket is gone. */
  refund: (key: string) => Promise<void>;
};

/** The in-memory limiter: a {@link RateLimiter} that also tells how many buckets it holds. */
export type MemoryRateLimiter = RateLimiter & {
  /** Number of buckets held now (at most `maxKeys`). */
  size: () => number;
};

/** Where the buckets live: `database` (default, shared by every instance) or `memory` (one instance only). */
export type RateLimitStore = 'database' | 'memory';

/** Result of {@link RateLimiter.take}: a token was taken, or the whole seconds until one is back (≥ 1). */
export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Options of {@link createRateLimiter}. */
export type RateLimiterOptions = {
  /** Clock in ms since the epoch, default `Date.now` (tests inject a manual one). */
  now?: () => number;
  /** Most buckets kept, default 100 000 (about 10 MB). */
  maxKeys?: number;
  /** Minimum ms between sweeps of refilled buckets, default 10 000. */
  sweepEveryMs?: number;
};

/** Server default of the per-client bucket: bursts of 120 requests, 20 requests per second sustained. */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { capacity: 120, refillPerSecond: 20 };

/** Whole seconds (≥ 1) until a bucket holding `tokens` (< 1) has one token again at `refillPerSecond`. */
export const retryAfter = (tokens: number, refillPerSecond: number): number =>
  Math.max(1, Math.ceil((1 - tokens) / refillPerSecond));

type Bucket = { tokens: number; at: number; capacity: number; refillPerSecond: number };

const refilled = (b: Bucket, t: number) =>
  Math.min(b.capacity, b.tokens + (Math.max(0, t - b.at) / 1000) * b.refillPerSecond);

/**
 * Creates an in-memory limiter (see {@link RateLimiter}): buckets of this process only, so
 * wrong behind a load balancer (each instance would hand out the full limit). Memory is
 * bounded: refilled buckets are swept, and past `maxKeys` the least recently used bucket is
 * dropped (that key starts full again).
 */
export function createRateLimiter(options: RateLimiterOptions = {}): MemoryRateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = Math.max(1, options.maxKeys ?? 100_000);
  const sweepEveryMs = options.sweepEveryMs ?? 10_000;
  // Map iteration order is insertion order: re-inserting on use keeps the least recently used first.
  const buckets = new Map<string, Bucket>();
  let lastSweep = now();

  const sweep = (t: number) => {
    lastSweep = t;
    for (const [key, b] of buckets) if (refilled(b, t) >= b.capacity) buckets.delete(key);
  };

  const take = (key: string, config: RateLimitConfig): TakeResult => {
    const t = now();
    if (t - lastSweep >= sweepEveryMs) sweep(t);
    const existing = buckets.get(key);
    const bucket: Bucket = existing ?? {
      tokens: config.capacity,
      at: t,
      capacity: config.capacity,
      refillPerSecond: config.refillPerSecond,
    };
    bucket.capacity = config.capacity;
    bucket.refillPerSecond = config.refillPerSecond;
    bucket.tokens = refilled(bucket, t);
    bucket.at = Math.max(bucket.at, t);
    if (existing) buckets.delete(key);
    buckets.set(key, bucket);
    // Over the bound: drop the least recently used bucket (O(1); the timed sweep stays the only O(n) step).
    if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value as string);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: retryAfter(bucket.tokens, config.refillPerSecond) };
  };
  return {
    take: async (key, config) => take(key, config),
    refund: async (key) => {
      const bucket = buckets.get(key);
      if (bucket) bucket.tokens = Math.min(bucket.capacity, bucket.tokens + 1);
    },
    size: () => buckets.size,
  };
}
