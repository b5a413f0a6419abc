import { Hono } from 'hono';
import { z } from 'zod/mini';
import { ApiError } from '../http/errors.ts';

/**
 * A clock the end-to-end tests can move forward: the embedded wallet's notion of now (code expiry,
 * cool-downs, sessions, DPoP proof times) is `base() + offset`. Nothing else in the API reads it,
 * and `Date` is left alone.
 */
export type TestClock = {
  /** Now in ms since the epoch, moved forward by every {@link TestClock.advance}. */
  now: () => number;
  /** Moves now forward by `ms` (≥ 0). @returns the new now (ms since the epoch). */
  advance: (ms: number) => number;
};

/** A {@link TestClock} over `base` (ms since the epoch), starting with no offset. */
export function createTestClock(base: () => number): TestClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance: (ms) => {
      offset += ms;
      return base() + offset;
    },
  };
}

/**
 * Whether the test clock is on: `AIRLOCK_API_TEST_CLOCK=1` (docs/embedded-wallet.md "Test clock").
 * Only the e2e stack sets it; it is not a deployment option (compose.yaml does not name it).
 * @throws Error when it is set to anything but `1`, or together with `NODE_ENV=production`.
 */
export function testClockFromEnv(env: NodeJS.ProcessEnv): boolean {
  const value = env.AIRLOCK_API_TEST_CLOCK;
  if (!value) return false;
  if (value !== '1') throw new Error(`AIRLOCK_API_TEST_CLOCK must be 1 or unset, got '${value}'`);
  if (env.NODE_ENV === 'production')
    throw new Error('AIRLOCK_API_TEST_CLOCK=1 is refused with NODE_ENV=production: it lets anyone move the clock');
  return true;
}

/** Body of `POST /v1/test/clock`: how far to move the clock, in ms (at most 30 days). */
const AdvanceSchema = z.strictObject({
  advanceMs: z
    .int()
    .check(z.gte(0))
    .check(z.lte(30 * 86_400_000)),
});

/**
 * `POST /v1/test/clock {advanceMs}` → `{ now }` (ms since the epoch): moves `clock` forward.
 * Mounted only when the test clock is on.
 * @throws ApiError 400 'advanceMs must be a whole number of ms from 0 to 30 days' on any other body.
 */
export function testClockRoutes(clock: TestClock): Hono {
  const app = new Hono();
  app.post('/v1/test/clock', async (c) => {
    const body = AdvanceSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) throw new ApiError(400, 'advanceMs must be a whole number of ms from 0 to 30 days');
    return c.json({ now: clock.advance(body.data.advanceMs) });
  });
  return app;
}
