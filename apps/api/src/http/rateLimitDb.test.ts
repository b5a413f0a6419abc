import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { createRateLimiter } from './rateLimit.ts';
import { createDatabaseRateLimiter } from './rateLimitDb.ts';

/**
 * The database token buckets (shared by every API instance over one database) on a manual clock,
 * on PGlite and, with `DATABASE_URL`, on PostgreSQL: the in-memory limiter's answers, atomic
 * takes under concurrency, one limit for two limiters over one database, and the sweep.
 */

let database: Database;
beforeAll(async () => {
  database = await openDatabase(await testDatabase());
}, 60_000);
afterAll(async () => {
  await database?.close();
  await dropTestDatabases();
});

const bucket = { capacity: 2, refillPerSecond: 0.5 };
let n = 0;
/** A key no other test of this file used. */
const fresh = () => `test:${++n}`;

describe('createDatabaseRateLimiter', () => {
  it('answers like the in-memory limiter: burst, Retry-After, refill, refund', async () => {
    let now = 1_000_000;
    const inDb = createDatabaseRateLimiter(database.db, { now: () => now });
    const inMemory = createRateLimiter({ now: () => now });
    const [a, b] = [fresh(), fresh()];
    const script = async (limiter: typeof inDb) => {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await limiter.take(a, bucket));
      answers.push(await limiter.take(b, bucket));
      now += 2000;
      answers.push(await limiter.take(a, bucket), await limiter.take(a, bucket));
      await limiter.refund(a);
      answers.push(await limiter.take(a, bucket), await limiter.take(a, { capacity: 2, refillPerSecond: 0.1 }));
      now -= 2000;
      return answers;
    };
    const expected = [
      { ok: true },
      { ok: true },
      { ok: false, retryAfterSeconds: 2 },
      { ok: true },
      { ok: true },
      { ok: false, retryAfterSeconds: 2 },
      { ok: true },
      { ok: false, retryAfterSeconds: 10 },
    ];
    expect(await script(inMemory)).toEqual(expected);
    expect(await script(inDb)).toEqual(expected);
  });

  it('never hands out more tokens than the bucket holds to concurrent takes', async () => {
    const limiter = createDatabaseRateLimiter(database.db, { now: () => 5_000_000 });
    const key = fresh();
    const tight = { capacity: 10, refillPerSecond: 0.001 };
    const answers = await Promise.all(Array.from({ length: 40 }, () => limiter.take(key, tight)));
    expect(answers.filter((a) => a.ok)).toHaveLength(10);
  });

  it('is one limit for two limiters (two API instances) over one database', async () => {
    const now = () => 9_000_000;
    const a = createDatabaseRateLimiter(database.db, { now });
    const b = createDatabaseRateLimiter(database.db, { now });
    const key = fresh();
    const tight = { capacity: 5, refillPerSecond: 0.001 };
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await (i % 2 ? b : a).take(key, tight)).ok);
    expect(answers).toEqual([true, true, true, true, true, false, false, false, false, false]);
  });

  it('deletes refilled buckets now and then, and keeps the ones still refilling', async () => {
    let now = 20_000_000;
    const limiter = createDatabaseRateLimiter(database.db, { now: () => now, sweepEveryMs: 10_000 });
    const quick = fresh();
    const slow = fresh();
    await limiter.take(quick, bucket);
    await limiter.take(slow, { capacity: 1, refillPerSecond: 0.01 });
    const count = async () =>
      (
        (await database.db.execute(
          sql`SELECT count(*)::int AS n FROM airlock_rate_buckets WHERE key IN (${quick}, ${slow})`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await count()).toBe(2);
    now += 10_000;
    // This take starts the sweep (not awaited by the take); 10 s refilled `quick`, not `slow`.
    expect((await limiter.take(slow, { capacity: 1, refillPerSecond: 0.01 })).ok).toBe(false);
    await expect.poll(count, { timeout: 10_000 }).toBe(1);
  });
});
