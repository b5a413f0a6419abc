import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '@airlock/mail-catcher';
import { openDatabase, type Database } from '../db/client.ts';
import { testDevice, type TestDevice } from '../embedded/testClient.ts';
import { createApi, type Api, type ApiOptions } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';

/**
 * Two API instances over ONE database (issue 31, "Scale beyond one machine"): PostgreSQL when
 * `DATABASE_URL` is set (two processes' worth of connection pools), else one PGlite shared in
 * this process. Nothing stands in front of them: each test alternates between the two base
 * URLs, as a load balancer would, and both instances are configured with the public URL such a
 * balancer would have (the DPoP `htu` the device signs). What must hold on every instance — mailed
 * codes, DPoP proof replay, rate limits — lives in the database, so it holds across both.
 */

const PUBLIC_URL = 'https://api.airlock.test';
const DAPP = 'http://localhost:5173';
let mail: MailCatcher;
let shared: Database | undefined;
let a: Api;
let b: Api;
/** Base URLs of instance A and instance B. */
let bases: [string, string];

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  const storage = await testDatabase();
  shared = storage.databaseUrl ? undefined : await openDatabase(storage);
  // Every instance has the same configuration, secrets included (the keys that sign sessions and pepper codes).
  const options: ApiOptions = {
    port: 0,
    database: shared ? { open: shared } : storage,
    seed: {
      projects: [
        { id: 'p1', name: 'P1', allowedOrigins: ['http://localhost:*'] },
        { id: 'tiny', name: 'Tiny', allowedOrigins: ['*'], rateLimit: { capacity: 4, refillPerSecond: 0.001 } },
      ],
    },
    trustProxyHops: 1,
    embedded: {
      smtpUrl: mail.smtpUrl,
      recoveryKey: randomBytes(32),
      secureFrameOrigins: ['http://127.0.0.3:5178'],
      publicUrl: PUBLIC_URL,
    },
    log: () => {},
  };
  // Started at the same instant, as `docker compose up --scale api=2` does: both apply the migrations.
  [a, b] = await Promise.all([createApi(options), createApi(options)]);
  bases = [await a.start(), await b.start()];
}, 60_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await shared?.close();
  await mail?.stop();
  await dropTestDatabases();
});

/**
 * Calls `path` on instance `instance` (0 = A, 1 = B) from `device`, with a proof for the public URL.
 * @returns status and JSON body.
 */
async function call(device: TestDevice, instance: 0 | 1, path: string, body?: unknown) {
  const method = body === undefined ? 'GET' : 'POST';
  const proof = await device.proof(method, `${PUBLIC_URL}${path}`, device.session.accessToken);
  return device.call(`${bases[instance]}${path}`, { body, proof });
}

let n = 0;
const freshEmail = () => `two${++n}.${randomBytes(3).toString('hex')}@example.com`;

describe('two API instances over one database', { timeout: 60_000 }, () => {
  it('redeems on B a login code mailed through A, and the session works on both', async () => {
    const device = await testDevice(bases[0]);
    const email = freshEmail();
    const t = Date.now();
    expect(
      (await call(device, 0, '/embedded/v1/login/start', { projectId: 'p1', email, dappOrigin: DAPP })).body,
    ).toEqual({ action: 'VERIFY_OTP' });
    const otp = (await mail.waitFor(email, { since: t })).code!;
    const verified = await call(device, 1, '/embedded/v1/login/verify', { email, otp, dappOrigin: DAPP });
    expect(verified.status).toBe(200);
    expect(device.session.accessToken).toBeDefined();
    for (const instance of [0, 1] as const) {
      const account = await call(device, instance, '/embedded/v1/account');
      expect(account.status).toBe(200);
      expect(account.body.email).toBe(email);
    }
    // The code is used up on both.
    const again = await call(await testDevice(bases[0]), 0, '/embedded/v1/login/verify', {
      email,
      otp,
      dappOrigin: DAPP,
    });
    expect(again.body.message).toBe('Invalid code');
  });

  it('refuses on B a DPoP proof already used on A (replay)', async () => {
    const device = await testDevice(bases[0]);
    const path = '/embedded/v1/login/start';
    const proof = await device.proof('POST', `${PUBLIC_URL}${path}`);
    const body = { projectId: 'p1', email: freshEmail(), dappOrigin: DAPP };
    expect((await device.call(`${bases[0]}${path}`, { body, proof })).body).toEqual({ action: 'VERIFY_OTP' });
    const replayed = await device.call(`${bases[1]}${path}`, { body, proof });
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe('Invalid DPoP proof: replayed');
  });

  it('holds a rate limit across both: N requests split over A and B are limited as N on one', async () => {
    const statuses = async (ip: string, pick: (i: number) => 0 | 1) => {
      const out: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${bases[pick(i)]}/projects/v1/origins?projectId=tiny`, {
          headers: { 'x-forwarded-for': ip },
        });
        out.push(res.status);
        if (res.status === 429) {
          expect(await res.json()).toEqual({ message: 'Rate limit exceeded' });
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        } else await res.body?.cancel();
      }
      return out;
    };
    const split = await statuses('203.0.113.10', (i) => (i % 2) as 0 | 1);
    const onOne = await statuses('203.0.113.11', () => 0);
    expect(split).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    expect(split).toEqual(onOne);
  });
});
