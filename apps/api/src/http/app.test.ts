import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createApi, type Api } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';

/**
 * The configuration calls, the project guard (401 / 403 / CORS / 429), the
 * body limit (413) and input validation (400, spec §5 messages), through the
 * real app on an in-memory PGlite, without a socket (`app.request`: every
 * request is the same unknown client). No chains are configured here.
 * Analytics: `routes/analytics.test.ts`; limits per client IP: `guard.test.ts`.
 */

let api: Api;
const q = (path: string, params: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ projectId: 'p1', st: 'appkit', sv: 'html-2.17.3', ...params })}`;
const get = (path: string, params?: Record<string, string>, headers: Record<string, string> = {}) =>
  api.app.request(q(path, params), { headers });
const postJson = (path: string, body: unknown, params?: Record<string, string>, headers: Record<string, string> = {}) =>
  api.app.request(q(path, params), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  api = await createApi({
    database: await testDatabase(),
    log: () => undefined,
    maxBodyBytes: 2048,
    seed: {
      projects: [
        {
          id: 'p1',
          name: 'One',
          allowedOrigins: ['https://*.example.com', 'http://localhost:*'],
          features: { email: true, analytics: true },
        },
        { id: 'tiny', name: 'Tiny bucket', allowedOrigins: ['*'], rateLimit: { capacity: 2, refillPerSecond: 0.001 } },
        { id: 'bare', name: 'Sets nothing', allowedOrigins: ['*'] },
        {
          id: 'plain',
          name: 'Turns things off',
          allowedOrigins: ['*'],
          features: { swaps: false, socials: ['github'] },
        },
      ],
      wallets: [
        {
          id: 'w-dev',
          name: 'Dev Wallet',
          rdns: 'dev.airlock.wallet',
          chains: ['eip155:31337'],
          badge_type: 'certified',
          rank: 1,
        },
        {
          id: 'w-harbor',
          name: 'Harbor Wallet',
          mobile_link: 'harbor://',
          chains: ['eip155:1', 'eip155:31337'],
          badge_type: 'certified',
          rank: 2,
        },
        { id: 'w-lantern', name: 'Lantern', webapp_link: 'https://lantern.example', chains: ['eip155:1'], rank: 3 },
      ],
      placeholders: { currency: ['USD'] },
    },
  });
}, 60_000);

afterAll(async () => {
  await api?.stop();
  await dropTestDatabases();
});

describe('configuration calls (spec §7)', () => {
  it('GET /appkit/v1/config returns the project features over the server defaults', async () => {
    const res = await get('/appkit/v1/config');
    expect(res.status).toBe(200);
    const { features } = (await res.json()) as { features: Record<string, unknown> };
    expect(features).toMatchObject({
      email: true,
      analytics: true,
      swaps: true,
      onramp: true,
      activity: true,
      multiWallet: false,
    });
  });

  it('a project that sets nothing gets the spec §1 remote defaults: everything this server serves on, multi-wallet off', async () => {
    const res = await get('/appkit/v1/config', { projectId: 'bare' });
    expect(await res.json()).toEqual({
      features: {
        swaps: true,
        onramp: true,
        email: true,
        socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
        activity: true,
        reownBranding: true,
        multiWallet: false,
        analytics: true,
      },
    });
    const plain = (await (await get('/appkit/v1/config', { projectId: 'plain' })).json()) as { features: unknown };
    expect(plain.features).toMatchObject({ swaps: false, socials: ['github'], onramp: true, email: true });
  });

  it('GET /projects/v1/origins returns allowedOrigins', async () => {
    const res = await get('/projects/v1/origins');
    expect(await res.json()).toEqual({ allowedOrigins: ['https://*.example.com', 'http://localhost:*'] });
  });

  it('GET /getWallets lists §3 wallet entries with a total count, in rank order', async () => {
    const body = (await (await get('/getWallets')).json()) as { data: Record<string, unknown>[]; count: number };
    expect(body.count).toBe(3);
    expect(body.data.map((w) => w.name)).toEqual(['Dev Wallet', 'Harbor Wallet', 'Lantern']);
    expect(body.data[0]).toEqual({
      id: 'w-dev',
      name: 'Dev Wallet',
      image_id: 'w-dev',
      rdns: 'dev.airlock.wallet',
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      chains: ['eip155:31337'],
    });
  });

  it('GET /getWallets pages and filters (page, entries, include, exclude, chains, search, badge_type)', async () => {
    const page = async (params: Record<string, string>) =>
      (await (await get('/getWallets', params)).json()) as { data: { id: string }[]; count: number };
    const second = await page({ page: '2', entries: '1' });
    expect(second).toMatchObject({ count: 3, data: [{ id: 'w-harbor' }] });
    expect((await page({ search: 'LANT' })).data.map((w) => w.id)).toEqual(['w-lantern']);
    expect((await page({ include: 'w-lantern,w-dev' })).data.map((w) => w.id)).toEqual(['w-dev', 'w-lantern']);
    expect((await page({ exclude: 'w-dev' })).count).toBe(2);
    expect((await page({ chains: 'eip155:31337' })).data.map((w) => w.id)).toEqual(['w-dev', 'w-harbor']);
    expect((await page({ badge_type: 'certified', chains: 'eip155:1' })).data.map((w) => w.id)).toEqual(['w-harbor']);
  });

  it('image endpoints serve stored blobs with their content type and 404 otherwise', async () => {
    const wallet = await get('/getWalletImage/w-dev');
    expect(wallet.status).toBe(200);
    expect(wallet.headers.get('content-type')).toBe('image/svg+xml');
    expect(await wallet.text()).toMatch(/^<svg[^>]*>.*<\/svg>$/);
    expect((await get('/public/getCurrencyImage/USD')).status).toBe(200);
    const missing = await get('/public/getTokenImage/NOPE');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not Found' });
  });
});

describe('the project guard', () => {
  it('refuses an unknown project id with 401 "Unauthorized: invalid key" (spec §8 mapping)', async () => {
    const res = await get('/appkit/v1/config', { projectId: 'nope' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized: invalid key' });
  });

  it('refuses an Origin outside the allowed list with 403, but still lets the browser read the status', async () => {
    const res = await get('/projects/v1/origins', {}, { origin: 'https://evil.test' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Unauthorized: origin not allowed' });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://evil.test');
    // The wildcard must not match a different registrable domain.
    expect((await get('/projects/v1/origins', {}, { origin: 'https://example.com.evil.test' })).status).toBe(403);
  });

  it('serves an allowed wildcard origin with CORS headers and answers its preflight', async () => {
    const res = await get('/appkit/v1/config', {}, { origin: 'https://app.example.com' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const preflight = await api.app.request(q('/e'), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });

  it('rate-limits each client of a project with 429 and a Retry-After header, leaving other projects alone', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      last = await get('/projects/v1/origins', { projectId: 'tiny' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await last!.json()).toEqual({ message: 'Rate limit exceeded' });
    expect((await get('/projects/v1/origins')).status).toBe(200);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await postJson('/v1/fungible/price', {
      currency: 'usd',
      addresses: Array(200).fill('eip155:1:0x0000000000000000000000000000000000000000'),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Payload too large' });
  });
});

describe('bad input gets 400 with the spec §5 messages', () => {
  const cases: [string, () => Response | Promise<Response>, string][] = [
    ['missing projectId', () => api.app.request('/appkit/v1/config'), 'projectId: Required'],
    ['non-numeric page size', () => get('/getWallets', { entries: 'abc' }), 'entries: Expected number, received nan'],
    ['bad chains filter', () => get('/getWallets', { chains: 'eip155' }), 'chains: Invalid CAIP-2 network id'],
    ['unknown badge type', () => get('/getWallets', { badge_type: 'gold' }), 'badge_type: Invalid input'],
    [
      'analytics without eventId',
      () => postJson('/e', { url: 'http://localhost:5173', domain: 'localhost:5173', timestamp: Date.now() }),
      'eventId: Required',
    ],
    [
      'analytics timestamp as text',
      () =>
        postJson('/e', {
          eventId: randomUUID(),
          url: 'http://localhost:5173',
          domain: 'localhost:5173',
          timestamp: 'now',
        }),
      'timestamp: Expected number, received string',
    ],
    ['analytics body that is not JSON', () => postJson('/e', '{not json'), 'Required'],
    ['bad balance address', () => get('/v1/account/0x123/balance', { chainId: 'eip155:1' }), 'Invalid address'],
    [
      'balance without chainId',
      () => get('/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance'),
      'chainId: Required',
    ],
    [
      'gas price with a malformed chain id',
      () => get('/v1/convert/gas-price', { chainId: 'eip155:1:2' }),
      'chainId: Invalid CAIP-2 network id',
    ],
    [
      'price with a non-CAIP-10 address',
      () => postJson('/v1/fungible/price', { currency: 'usd', addresses: ['0xabc'] }),
      'addresses.0: Invalid CAIP-10 address',
    ],
  ];
  it.each(cases)('%s', async (_name, call, message) => {
    const res = await call();
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
  });
});

describe('blockchain calls without configured chains', () => {
  it('report no supported chains and return empty results for an unsupported network (spec §7)', async () => {
    expect(await (await get('/v1/supported-chains')).json()).toEqual({ http: [], ws: [] });
    const balance = await get('/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance', {
      chainId: 'eip155:1',
      currency: 'usd',
    });
    expect(await balance.json()).toEqual({ balances: [] });
    const history = await get('/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/history', {
      chainId: 'eip155:1',
    });
    expect(await history.json()).toEqual({ data: [], next: null });
    const gas = await get('/v1/convert/gas-price', { chainId: 'eip155:1' });
    expect(gas.status).toBe(400);
    expect(await gas.json()).toEqual({ message: 'Network not supported for Gas Price' });
  });
});
