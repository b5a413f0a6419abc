import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { startMailCatcher, type MailCatcher } from '@airlock/mail-catcher';
import { createApi, type Api, type ApiOptions } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { testDevice, type TestDevice } from './testClient.ts';

/** The dapp origin the test stack's project allows. */
export const TEST_DAPP = 'http://localhost:5173';

/**
 * Test helper: a real API over HTTP with the embedded wallet on, a real SMTP server (the mail
 * catcher), and storage from `testDatabase()` (PGlite, or PostgreSQL when `DATABASE_URL` is set).
 * The API trusts one proxy hop, so a test picks its caller's address with `X-Forwarded-For`
 * ({@link EmbeddedTestStack.from}): an attacker with many source addresses.
 */
export type EmbeddedTestStack = {
  api: Api;
  mail: MailCatcher;
  /** The API's base URL. */
  base: string;
  /** Moves the API's clock forward by `ms` (cool-downs, expiry, rate-limit refill). */
  advance: (ms: number) => void;
  /** A fresh address at example.com. */
  freshEmail: () => string;
  /** A new device key (DPoP) against the API. */
  device: () => Promise<TestDevice>;
  /** Headers that make a request come from the client address `ip`. */
  from: (ip: string) => { 'x-forwarded-for': string };
  /** `POST /embedded/v1/login/start` for `email` from `device`. */
  start: (device: TestDevice, email: string, headers?: Record<string, string>) => ReturnType<TestDevice['call']>;
  /** The code of the newest mail to `email` sent after `since` (ms, real clock). */
  codeFor: (email: string, since: number) => Promise<string>;
  /** Signs a new device in with a mailed code and creates its wallet record. */
  signUp: (email: string) => Promise<TestDevice>;
  stop: () => Promise<void>;
};

/** Starts an {@link EmbeddedTestStack}; `extra` adds API options (e.g. `chains`, `prices`). */
export async function startEmbeddedTestStack(
  extra: Pick<ApiOptions, 'chains' | 'prices' | 'indexer'> = {},
): Promise<EmbeddedTestStack> {
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
  const api = await createApi({
    port: 0,
    database: await testDatabase(),
    seed: { projects: [{ id: 'p1', name: 'P1', allowedOrigins: ['http://localhost:*'] }] },
    clock: now,
    trustProxyHops: 1,
    embedded: { smtpUrl: mail.smtpUrl, recoveryKey: randomBytes(32), secureFrameOrigins: ['http://127.0.0.3:5178'] },
    log: () => {},
    ...extra,
  });
  const base = await api.start();
  let n = 0;
  const device = () => testDevice(base, now);
  const start: EmbeddedTestStack['start'] = (d, email, headers = {}) =>
    d.call('/embedded/v1/login/start', { body: { projectId: 'p1', email, dappOrigin: TEST_DAPP }, headers });
  const codeFor = async (email: string, since: number) => (await mail.waitFor(email, { since })).code!;
  return {
    api,
    mail,
    base,
    advance: (ms) => {
      offsetMs += ms;
    },
    freshEmail: () => `user${++n}.${randomBytes(3).toString('hex')}@example.com`,
    device,
    from: (ip) => ({ 'x-forwarded-for': ip }),
    start,
    codeFor,
    signUp: async (email) => {
      const d = await device();
      const t = Date.now();
      expect((await start(d, email)).body).toEqual({ action: 'VERIFY_OTP' });
      const otp = await codeFor(email, t);
      const verified = await d.call('/embedded/v1/login/verify', { body: { email, otp, dappOrigin: TEST_DAPP } });
      expect(verified.status).toBe(200);
      const created = await d.call('/embedded/v1/wallet', {
        body: {
          eip155Address: '0x1111111111111111111111111111111111111111',
          solanaAddress: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
          authShare: Buffer.alloc(17, 1).toString('base64'),
          recoveryShare: Buffer.alloc(17, 2).toString('base64'),
        },
      });
      expect(created.status).toBe(204);
      return d;
    },
    stop: async () => {
      await api.stop();
      await mail.stop();
      await dropTestDatabases();
    },
  };
}
