import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApi } from '../main.ts';
import { embeddedFromEnv, optionsFromEnv } from '../env.ts';
import { embeddedRoutes, type EmbeddedRouteDeps } from './index.ts';

/** The e2e test clock: on only with AIRLOCK_API_TEST_CLOCK=1, never with NODE_ENV=production. */

const env = {
  AIRLOCK_API_SMTP_URL: 'smtp://127.0.0.1:2525',
  AIRLOCK_API_RECOVERY_KEY: Buffer.alloc(32, 7).toString('base64'),
  AIRLOCK_API_SECURE_FRAME_ORIGINS: 'http://127.0.0.3:5178',
};

const routes = (testClock: boolean) =>
  embeddedRoutes({
    now: () => 1_000,
    log: () => {},
    options: { smtpUrl: env.AIRLOCK_API_SMTP_URL, recoveryKey: randomBytes(32), secureFrameOrigins: [], testClock },
  } as unknown as EmbeddedRouteDeps);
const advance = (app: ReturnType<typeof routes>, body: unknown) =>
  app.request('/v1/test/clock', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('test clock', () => {
  it('is off unless AIRLOCK_API_TEST_CLOCK=1, and refused in production', () => {
    expect(embeddedFromEnv(env)?.testClock).toBeUndefined();
    expect(embeddedFromEnv({ ...env, AIRLOCK_API_TEST_CLOCK: '1' })?.testClock).toBe(true);
    expect(() => embeddedFromEnv({ ...env, AIRLOCK_API_TEST_CLOCK: 'yes' })).toThrow(
      "AIRLOCK_API_TEST_CLOCK must be 1 or unset, got 'yes'",
    );
    expect(() => embeddedFromEnv({ ...env, AIRLOCK_API_TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(
      'refused with NODE_ENV=production',
    );
  });

  it('POST /v1/test/clock exists only when on, and moves now forward', async () => {
    expect((await advance(routes(false), { advanceMs: 5 })).status).toBe(404);
    const app = routes(true);
    expect(await (await advance(app, { advanceMs: 660_000 })).json()).toEqual({ now: 661_000 });
    expect(await (await advance(app, { advanceMs: 1 })).json()).toEqual({ now: 661_001 });
  });

  it('refuses a malformed advance and keeps the clock', async () => {
    const app = routes(true);
    for (const body of [{ advanceMs: -1 }, { advanceMs: 1.5 }, { advanceMs: '5' }, {}, { advanceMs: 1, x: 1 }]) {
      const res = await advance(app, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'advanceMs must be a whole number of ms from 0 to 30 days' });
    }
    expect(await (await advance(app, { advanceMs: 0 })).json()).toEqual({ now: 1_000 });
  });

  it('a whole API built from a development environment (no NODE_ENV, no AIRLOCK_API_TEST_CLOCK) has no clock route', async () => {
    const api = await createApi({
      ...optionsFromEnv(env),
      database: { inMemory: true },
      seed: { projects: [{ id: 'p1', name: 'P1', allowedOrigins: ['http://localhost:*'] }] },
      log: () => {},
    });
    try {
      // A request the project guard lets through (known project, allowed Origin) finds no route.
      const res = await api.app.request('/v1/test/clock?projectId=p1', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
        body: JSON.stringify({ advanceMs: 1 }),
      });
      expect(res.status).toBe(404);
    } finally {
      await api.stop();
    }
  }, 120_000);
});
