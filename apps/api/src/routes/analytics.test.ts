import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../db/schema.ts';
import { createApi, type Api } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { call, type ClientResponse } from '../test/http.ts';

/**
 * POST /e and GET /getAnalyticsConfig (spec §7) through the real app on a
 * real HTTP server on 127.0.0.1; clients are loopback source addresses. The
 * clock is frozen at NOW, so event buckets never refill during a test.
 */

const NOW = 1_700_000_000_000;
const PAGE = 'http://localhost:5173';
let api: Api;
let base: string;

const q = (path: string, projectId: string) =>
  `${path}?${new URLSearchParams({ projectId, st: 'appkit', sv: 'html-2.17.3' })}`;
const event = (overrides: Record<string, unknown> = {}) => ({
  eventId: randomUUID(),
  url: `${PAGE}/`,
  domain: 'localhost:5173',
  timestamp: NOW - 1000,
  props: { event: 'CONNECT_SUCCESS', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
  ...overrides,
});
const post = (body: unknown, from: string, projectId = 'dapp'): Promise<ClientResponse> =>
  call(base, q('/e', projectId), { from, body, headers: { origin: PAGE } });
const stored = (eventId: unknown) =>
  api.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.eventId, String(eventId)));

beforeAll(async () => {
  api = await createApi({
    database: await testDatabase(),
    log: () => undefined,
    port: 0,
    clock: () => NOW,
    limits: {
      eventMaxBytes: 2048,
      eventsPerIp: { capacity: 4, refillPerSecond: 0.001 },
      eventsPerProject: { capacity: 12, refillPerSecond: 0.001 },
    },
    seed: {
      projects: [
        { id: 'dapp', name: 'Dapp', allowedOrigins: ['http://localhost:*'], features: { analytics: true } },
        { id: 'busy', name: 'Busy', allowedOrigins: ['http://localhost:*'] },
        { id: 'quiet', name: 'No analytics', allowedOrigins: ['*'], features: { analytics: false } },
      ],
    },
  });
  base = await api.start();
}, 60_000);

afterAll(async () => {
  await api?.stop();
  await dropTestDatabases();
});

describe('POST /e', () => {
  it('stores a valid event with its project and claimed Origin', async () => {
    const valid = event();
    expect(await post(valid, '127.0.0.2')).toMatchObject({ status: 200, body: { stored: true } });
    expect(await stored(valid.eventId)).toMatchObject([
      {
        projectId: 'dapp',
        url: valid.url,
        domain: valid.domain,
        timestamp: valid.timestamp,
        props: valid.props,
        origin: PAGE,
      },
    ]);
  });

  it('follows the analytics feature: GET /getAnalyticsConfig says so and events are not stored while it is off', async () => {
    expect((await call(base, q('/getAnalyticsConfig', 'dapp'), { from: '127.0.0.3' })).body).toEqual({
      isAnalyticsEnabled: true,
    });
    expect((await call(base, q('/getAnalyticsConfig', 'quiet'), { from: '127.0.0.3' })).body).toEqual({
      isAnalyticsEnabled: false,
    });
    const quiet = event();
    expect(await post(quiet, '127.0.0.3', 'quiet')).toMatchObject({ status: 200, body: { stored: false } });
    expect(await stored(quiet.eventId)).toEqual([]);
  });

  it('refuses a body over the analytics limit with 413 and stores nothing', async () => {
    const big = event({ props: { event: 'X', blob: 'x'.repeat(3000) } });
    expect(await post(big, '127.0.0.4')).toMatchObject({ status: 413, body: { message: 'Payload too large' } });
    expect(await stored(big.eventId)).toEqual([]);
  });

  const malformed: [string, Record<string, unknown>, string][] = [
    ['an eventId that is not a UUID', { eventId: 'e-1' }, 'eventId: Invalid UUID'],
    ['a url that is not http(s)', { url: 'javascript:alert(1)' }, 'url: Invalid URL'],
    ['a domain with a path', { domain: 'localhost/x' }, 'domain: Invalid domain'],
    ['a timestamp in seconds', { timestamp: Math.floor(NOW / 1000) }, 'timestamp: Timestamp out of range'],
    ['a timestamp two days ahead', { timestamp: NOW + 2 * 24 * 3600_000 }, 'timestamp: Timestamp out of range'],
    ['props nested four levels deep', { props: { a: { b: { c: { d: 1 } } } } }, 'props: Nested deeper than 3 levels'],
    [
      'props with 65 keys',
      { props: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i])) },
      'props: More than 64 keys and items',
    ],
    [
      'props with a long string',
      { props: { note: 'n'.repeat(1001) } },
      'props: Strings must be at most 1000 characters',
    ],
    ['props that are a list', { props: ['CONNECT_SUCCESS'] }, 'props: Expected record, received array'],
    ['an unknown top-level key', { extra: 1 }, 'Unrecognized key: "extra"'],
  ];
  it.each(malformed)('refuses %s with 400 and a message naming the field', async (_name, overrides, message) => {
    const bad = event(overrides);
    // A fresh client per case, so the per-IP event bucket stays out of the way.
    const res = await post(bad, `127.0.1.${malformed.findIndex(([name]) => name === _name) + 1}`, 'busy');
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect(await stored(bad.eventId)).toEqual([]);
  });

  it('rate-limits events per client IP with 429 and Retry-After; another client is still stored', async () => {
    const statuses: number[] = [];
    let last: ClientResponse | undefined;
    for (let i = 0; i < 6; i++) {
      last = await post(event(), '127.0.0.5');
      statuses.push(last.status);
    }
    // 127.0.0.2 sent one event for this project above; 127.0.0.5 has 4 of its own.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(last!.body).toEqual({ message: 'Rate limit exceeded' });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const other = event();
    expect(await post(other, '127.0.0.6')).toMatchObject({ status: 200, body: { stored: true } });
    expect(await stored(other.eventId)).toHaveLength(1);
  });

  it('rate-limits events per project across clients (12 per project; "dapp" has used 6)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post(event(), `127.0.2.${i + 1}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    // Other calls of the project are not affected by the event bucket.
    expect((await call(base, q('/appkit/v1/config', 'dapp'), { from: '127.0.2.7' })).status).toBe(200);
  });
});
