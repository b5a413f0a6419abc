import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi, type Api } from '../main.ts';
import { upsertProject } from '../projects.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { call, callUntil } from '../test/http.ts';

/**
 * The rate limits as clients see them, through the real app on a real HTTP
 * server on 127.0.0.1. Each client connects from its own loopback address
 * (127.0.0.2, 127.0.0.3 …), which is the client IP the server keys on.
 * The clock is frozen (no bucket refills, no cache expiry) until a test moves it.
 * Project lookups are counted by wrapping the real `getProject`.
 */

const lookups = vi.hoisted(() => [] as string[]);
vi.mock('../projects.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../projects.ts')>();
  return {
    ...real,
    getProject: (...args: Parameters<typeof real.getProject>) => {
      lookups.push(args[1]);
      return real.getProject(...args);
    },
  };
});

const SHOP_ORIGIN = 'https://shop.example';
const q = (path: string, projectId: string) =>
  `${path}?${new URLSearchParams({ projectId, st: 'appkit', sv: 'html-2.17.3' })}`;

let now = 1_700_000_000_000;
let api: Api;
let base: string;
const config = (projectId: string, from: string, headers: Record<string, string> = {}) =>
  call(base, q('/appkit/v1/config', projectId), { from, headers });

beforeAll(async () => {
  api = await createApi({
    database: await testDatabase(),
    log: () => undefined,
    port: 0,
    clock: () => now,
    limits: {
      perIp: { capacity: 20, refillPerSecond: 0.001 },
      unknownProject: { capacity: 3, refillPerSecond: 0.001 },
    },
    seed: {
      projects: [
        { id: 'shop', name: 'Shop', allowedOrigins: [SHOP_ORIGIN], rateLimit: { capacity: 5, refillPerSecond: 0.001 } },
        { id: 'blog', name: 'Blog', allowedOrigins: ['*'] },
        { id: 'docs', name: 'Docs', allowedOrigins: ['*'] },
      ],
    },
  });
  base = await api.start();
}, 60_000);

afterAll(async () => {
  await api?.stop();
  await dropTestDatabases();
});

describe('one caller cannot lock a project out', () => {
  it('a server-side flood with a spoofed Origin gets 429 while another client of the project is still served', async () => {
    // The attacker copies the project id and the allowed Origin from the dapp, as any server can.
    const flood = await callUntil(429, 50, () => config('shop', '127.0.0.2', { origin: SHOP_ORIGIN }));
    expect(flood).toBe(6);
    const visitor = await config('shop', '127.0.0.3', { origin: SHOP_ORIGIN });
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({ features: { analytics: true } });
  });

  it('one IP spraying several projects is capped as a whole, with Retry-After; other IPs are served', async () => {
    const flood = await callUntil(429, 100, (i) => config(i % 2 ? 'blog' : 'docs', '127.0.0.4'));
    expect(flood).toBe(21);
    const refused = await config('blog', '127.0.0.4');
    expect(refused).toMatchObject({ status: 429, body: { message: 'Rate limit exceeded' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await config('blog', '127.0.0.5')).status).toBe(200);
    expect((await config('docs', '127.0.0.5')).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless told it is behind a proxy: rotating it does not escape the limit', async () => {
    const flood = await callUntil(429, 100, (i) =>
      config('blog', '127.0.0.6', { 'x-forwarded-for': `198.51.100.${i}` }),
    );
    expect(flood).toBe(21);
  });
});

describe('unknown project ids', () => {
  it('are throttled per IP before the database: a flood of random ids gets 429 without lookups, other IPs get their 401', async () => {
    lookups.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await config(`random-${i}`, '127.0.0.7')).status);
    expect(statuses).toEqual([401, 401, 401, ...Array<number>(12).fill(429)]);
    expect(lookups).toEqual(['random-0', 'random-1', 'random-2']);

    const other = await config('random-14', '127.0.0.8');
    expect(other).toMatchObject({ status: 401, body: { message: 'Unauthorized: invalid key' } });
    expect((await config('random-14', '127.0.0.8')).status).toBe(401);
    expect((await config('blog', '127.0.0.8')).status).toBe(200);
    // random-14 once (then remembered as unknown); blog was already known.
    expect(lookups).toEqual(['random-0', 'random-1', 'random-2', 'random-14']);
  });

  it('the throttled IP still reaches a project the server knows', async () => {
    expect((await config('blog', '127.0.0.7')).status).toBe(200);
  });

  it('lookups are remembered briefly, found or not: a project added meanwhile answers once the entry expires', async () => {
    expect((await config('blog', '127.0.0.9')).status).toBe(200);
    lookups.length = 0;
    expect((await config('late', '127.0.0.9')).status).toBe(401);
    await upsertProject(api.db, { id: 'late', name: 'Late', allowedOrigins: ['*'] });
    expect((await config('late', '127.0.0.9')).status).toBe(401);
    expect((await config('blog', '127.0.0.9')).status).toBe(200);
    expect(lookups).toEqual(['late']);
    now += 5001;
    expect((await config('late', '127.0.0.9')).status).toBe(200);
    expect((await config('blog', '127.0.0.9')).status).toBe(200);
    expect(lookups).toEqual(['late', 'late', 'blog']);
  });
});

describe('behind a trusted proxy (trustProxyHops 1)', () => {
  let proxied: Api;
  let proxiedBase: string;
  const viaProxy = (projectId: string, forwardedFor: string) =>
    call(proxiedBase, q('/projects/v1/origins', projectId), { headers: { 'x-forwarded-for': forwardedFor } });

  beforeAll(async () => {
    proxied = await createApi({
      database: await testDatabase(),
      log: () => undefined,
      port: 0,
      clock: () => now,
      trustProxyHops: 1,
      limits: {
        perClient: { capacity: 3, refillPerSecond: 0.001 },
        perProject: { capacity: 8, refillPerSecond: 0.001 },
      },
      seed: { projects: [{ id: 'app', name: 'App', allowedOrigins: ['*'] }] },
    });
    proxiedBase = await proxied.start();
  }, 60_000);

  afterAll(async () => {
    await proxied?.stop();
  });

  it('keys clients on the address the proxy appended, not on what the client wrote before it', async () => {
    // The proxy appends the real client address; a client-written prefix changes nothing.
    const flood = await callUntil(429, 20, (i) => viaProxy('app', `10.9.9.${i}, 203.0.113.1`));
    expect(flood).toBe(4);
    expect((await viaProxy('app', '203.0.113.2')).status).toBe(200);
  });

  it('the project bucket is shared by all its clients (one IP takes at most its own share)', async () => {
    // 4 of the project's 8 tokens were taken above (a refused call takes none); each client has 3 of its own.
    const statuses: [string, number][] = [];
    for (const client of ['203.0.113.2', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.4', '203.0.113.5'])
      statuses.push([client, (await viaProxy('app', client)).status]);
    expect(statuses).toEqual([
      ['203.0.113.2', 200],
      ['203.0.113.2', 200],
      ['203.0.113.3', 200],
      ['203.0.113.4', 200],
      ['203.0.113.4', 429],
      ['203.0.113.5', 429],
    ]);
  });
});
