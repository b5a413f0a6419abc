import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, parseRetryAfter } from './client.ts';
import { alertForError } from './alerts.ts';
import { BalanceUnavailableError, createBlockchainCaches, fetchTokenBalances } from './blockchain.ts';
import { fetchIdentity } from './identity.ts';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

function fakeFetch(replies: (Reply | Error)[]) {
  const urls: string[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: reply.headers });
  });
  return { fetch: fn as unknown as typeof fetch, urls };
}

function client(replies: (Reply | Error)[]) {
  const sleeps: number[] = [];
  const f = fakeFetch(replies);
  const api = createApiClient({
    baseUrl: 'http://api.test/',
    projectId: 'p1',
    sdkVersion: '0.1.0',
    fetch: f.fetch,
    sleep: async (ms) => void sleeps.push(ms),
  });
  return { api, sleeps, urls: f.urls };
}

const balances = {
  balances: [
    {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:1',
      value: 3,
      price: 3000,
      quantity: { decimals: '18', numeric: '0.001' },
    },
    {
      name: 'Points',
      symbol: 'PTS',
      chainId: 'eip155:1',
      address: 'eip155:1:0x1',
      value: 0,
      price: 0,
      quantity: { decimals: '0', numeric: '5' },
    },
  ],
};

describe('provider API client (spec §7)', () => {
  it('sends projectId, st and sv with every call', async () => {
    const { api, urls } = client([{ status: 200, body: { ok: 1 } }]);
    await api.call({ path: '/v1/identity/0xabc', query: { chainId: 'eip155:1', cursor: undefined } });
    const url = new URL(urls[0]!);
    expect(url.origin + url.pathname).toBe('http://api.test/v1/identity/0xabc');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'p1',
      st: 'airlock',
      sv: '0.1.0',
      chainId: 'eip155:1',
    });
  });

  it('retries 503 twice with 150 ms doubling, then gives up with the server message', async () => {
    const { api, sleeps, urls } = client([{ status: 503, body: { message: 'down' } }]);
    const error = await api.call({ path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: 'down' });
    expect(urls).toHaveLength(3);
    expect(sleeps).toEqual([150, 300]);
  });

  it('honours Retry-After on 429 and succeeds on the next attempt', async () => {
    const { api, sleeps } = client([
      { status: 429, body: { message: 'Rate limit exceeded' }, headers: { 'retry-after': '2' } },
      { status: 200, body: { value: 7 } },
    ]);
    await expect(api.call({ path: '/x' })).resolves.toEqual({ value: 7 });
    expect(sleeps).toEqual([2000]);
  });

  it('does not retry 400 or 401', async () => {
    const { api, urls } = client([{ status: 401, body: { message: 'Unauthorized: invalid key' } }]);
    await expect(api.call({ path: '/x' })).rejects.toMatchObject({ status: 401 });
    expect(urls).toHaveLength(1);
  });

  it('turns a network failure into ApiError status 0 without retrying', async () => {
    const { api, urls } = client([new TypeError('fetch failed')]);
    await expect(api.call({ path: '/x' })).rejects.toMatchObject({ status: 0 });
    expect(urls).toHaveLength(1);
  });

  it('a call cancelled in flight rejects with ApiError 0 Request cancelled, without retrying', async () => {
    let attempts = 0;
    const api = createApiClient({
      baseUrl: 'http://api.test',
      projectId: 'p1',
      sleep: async () => {},
      // Like fetch: pending until its signal aborts.
      fetch: ((_input: RequestInfo | URL, init?: RequestInit) => {
        attempts++;
        return new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }) as typeof fetch,
    });
    const controller = new AbortController();
    const pending = api.call({ path: '/v1/x', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ status: 0, message: 'Request cancelled' });
    expect(attempts).toBe(1);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('spec §8 error mapping', () => {
  it('maps provider messages and statuses to alerts', () => {
    expect(alertForError(new ApiError(403, 'Unauthorized: origin not allowed'))?.short).toBe(
      'Invalid App Configuration',
    );
    expect(alertForError(new ApiError(401, 'Unauthorized: invalid key'))?.short).toBe('Invalid Project ID');
    expect(alertForError(new ApiError(502, 'Bad gateway'))?.short).toBe('Server Error');
    expect(alertForError(new ApiError(429, 'Rate limit exceeded'))?.short).toBe('Rate Limited');
    expect(alertForError(new ApiError(0, 'Network error'))).toBeNull();
  });
});

describe('spec §9 caches', () => {
  it('caches balances 30 s per chain and address and drops 0-decimal tokens', async () => {
    let now = 0;
    const caches = createBlockchainCaches(() => now);
    const { api, urls } = client([{ status: 200, body: balances }]);
    const first = await fetchTokenBalances(api, 'eip155:1', '0xAbC', caches);
    expect(first.map((b) => b.symbol)).toEqual(['ETH']);
    now = 29_999;
    await fetchTokenBalances(api, 'eip155:1', '0xabc', caches);
    expect(urls).toHaveLength(1);
    await fetchTokenBalances(api, 'eip155:2', '0xabc', caches);
    expect(urls).toHaveLength(2);
    now = 30_000;
    await fetchTokenBalances(api, 'eip155:1', '0xabc', caches);
    expect(urls).toHaveLength(3);
  });

  it('blocks a new balance fetch for 30 s after a failure', async () => {
    let now = 0;
    const caches = createBlockchainCaches(() => now);
    const { api, urls } = client([
      { status: 400, body: { message: 'Invalid input' } },
      { status: 200, body: balances },
    ]);
    await expect(fetchTokenBalances(api, 'eip155:1', '0xabc', caches)).rejects.toBeInstanceOf(ApiError);
    now = 29_000;
    await expect(fetchTokenBalances(api, 'eip155:1', '0xabc', caches)).rejects.toBeInstanceOf(BalanceUnavailableError);
    expect(urls).toHaveLength(1);
    now = 30_001;
    await expect(fetchTokenBalances(api, 'eip155:1', '0xabc', caches)).resolves.toHaveLength(1);
  });

  it('caches identity 5 minutes', async () => {
    let now = 0;
    const caches = createBlockchainCaches(() => now);
    const { api, urls } = client([{ status: 200, body: { name: 'alice', avatar: null } }]);
    await expect(fetchIdentity(api, '0xabc', caches)).resolves.toEqual({ name: 'alice', avatar: null });
    now = 299_999;
    await fetchIdentity(api, '0xABC', caches);
    expect(urls).toHaveLength(1);
    now = 300_000;
    await fetchIdentity(api, '0xabc', caches);
    expect(urls).toHaveLength(2);
  });
});
