import type { RateLimitConfig } from '../db/schema.ts';

/**
 * Per-key token buckets (issue 4 limits). A bucket starts full with
 * `capacity` tokens; each request takes one; tokens refill continuously at
 * `refillPerSecond`. An empty bucket answers with the seconds until one token
 * is back (the 429 Retry-After value, an integer ≥ 1).
 */
export type RateLimiter = {
  /**
   * Takes a token from `key`'s bucket.
   * @returns `{ ok: true }` or `{ ok: false, retryAfterSeconds }`.
   */
  take: (key: string, config: RateLimitConfig) => { ok: true } | { ok: false; retryAfterSeconds: number };
};

/** Server default: bursts of 120 requests, 20 requests per second sustained, per project. */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { capacity: 120, refillPerSecond: 20 };

/** Creates an in-memory limiter; `now` (ms) is injectable for tests. */
export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take: (key, config) => {
      const t = now();
      const bucket = buckets.get(key) ?? { tokens: config.capacity, at: t };
      bucket.tokens = Math.min(config.capacity, bucket.tokens + ((t - bucket.at) / 1000) * config.refillPerSecond);
      bucket.at = t;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / config.refillPerSecond)) };
    },
  };
}
