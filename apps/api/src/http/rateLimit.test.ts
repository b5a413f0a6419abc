import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rateLimit.ts';

/** The token buckets on a manual clock: refill, Retry-After, refund, and bounded memory. */

const bucket = { capacity: 2, refillPerSecond: 0.5 };

describe('createRateLimiter', async () => {
  it('lets a burst of `capacity` through, then answers the seconds until the next token', async () => {
    let now = 0;
    const limiter = createRateLimiter({ now: () => now });
    expect([await limiter.take('a', bucket), await limiter.take('a', bucket), await limiter.take('a', bucket)]).toEqual(
      [{ ok: true }, { ok: true }, { ok: false, retryAfterSeconds: 2 }],
    );
    expect(await limiter.take('b', bucket)).toEqual({ ok: true });
    now += 2000;
    expect(await limiter.take('a', bucket)).toEqual({ ok: true });
    expect(await limiter.take('a', bucket)).toEqual({ ok: false, retryAfterSeconds: 2 });
    await limiter.refund('a');
    expect(await limiter.take('a', bucket)).toEqual({ ok: true });
  });

  it('keeps at most maxKeys buckets under a flood of distinct keys, and still limits the key in use', async () => {
    const limiter = createRateLimiter({ now: () => 0, maxKeys: 1000 });
    const tight = { capacity: 1, refillPerSecond: 0.001 };
    expect(await limiter.take('attacker', tight)).toEqual({ ok: true });
    for (let i = 0; i < 100_000; i++) {
      await limiter.take(`ip:${i}`, bucket);
      // The active key stays among the most recently used, so its empty bucket is not forgotten.
      if (i % 500 === 0) expect((await limiter.take('attacker', tight)).ok).toBe(false);
    }
    expect(limiter.size()).toBe(1000);
  });

  it('sweeps buckets that have refilled (forgetting them changes no answer) and keeps the empty ones', async () => {
    let now = 0;
    const limiter = createRateLimiter({ now: () => now, sweepEveryMs: 10_000 });
    for (let i = 0; i < 500; i++) await limiter.take(`ip:${i}`, bucket);
    const slow = { capacity: 1, refillPerSecond: 0.01 };
    await limiter.take('slow', slow);
    expect(limiter.size()).toBe(501);
    now += 10_000;
    // 10 s refill the 0.5/s buckets, not the 0.01/s one.
    expect((await limiter.take('slow', slow)).ok).toBe(false);
    expect(limiter.size()).toBe(1);
  });
});
