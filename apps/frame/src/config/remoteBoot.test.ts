import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { resolveBootWithApi } from './remoteBoot.ts';

const network = {
  id: 1,
  name: 'Ethereum',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.test'] } },
};
const search = (parentOrigin: string, apiUrl?: string) =>
  `?config=${encodeURIComponent(JSON.stringify({ projectId: 'p', networks: [network], parentOrigin, apiUrl }))}`;
const env = (parentOrigin: string, apiUrl?: string) => ({
  search: search(parentOrigin, apiUrl),
  ancestorOrigins: [parentOrigin],
  referrer: `${parentOrigin}/page`,
  allowlist: ['http://localhost:*'],
});
const clientAnswering = (respond: () => Promise<Response>) => () =>
  createApiClient({ baseUrl: 'http://api.test', projectId: 'p', fetch: respond as unknown as typeof fetch, sleep: async () => {} });
const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('boot with the provider API origins (spec §5)', () => {
  it('the project list decides: a listed origin outside the build-time list connects', async () => {
    const boot = await resolveBootWithApi(env('https://app.example.com', 'http://api.test'), clientAnswering(() => json(200, { allowedOrigins: ['https://*.example.com'] })));
    expect(boot).toMatchObject({ ok: true, parentOrigin: 'https://app.example.com' });
  });

  it('an origin missing from the project list is refused even when the build-time list allows it', async () => {
    const boot = await resolveBootWithApi(env('http://localhost:5173', 'http://api.test'), clientAnswering(() => json(200, { allowedOrigins: ['https://*.example.com'] })));
    expect(boot).toMatchObject({ ok: false, problem: { kind: 'origin' } });
  });

  it('the API refusing the frame origin is Invalid App Configuration', async () => {
    const boot = await resolveBootWithApi(env('http://localhost:5173', 'http://api.test'), clientAnswering(() => json(403, { message: 'Unauthorized: origin not allowed' })));
    expect(boot).toMatchObject({ ok: false, problem: { kind: 'origin' } });
  });

  it('with the API down the build-time list is the fallback', async () => {
    const down = clientAnswering(() => Promise.reject(new TypeError('fetch failed')));
    await expect(resolveBootWithApi(env('http://localhost:5173', 'http://api.test'), down)).resolves.toMatchObject({ ok: true });
    await expect(resolveBootWithApi(env('https://app.example.com', 'http://api.test'), down)).resolves.toMatchObject({ ok: false });
  });

  it('a lying parent is refused whatever the API says', async () => {
    const e = { ...env('https://app.example.com', 'http://api.test'), ancestorOrigins: ['https://evil.test'] };
    const boot = await resolveBootWithApi(e, clientAnswering(() => json(200, { allowedOrigins: ['*'] })));
    expect(boot.ok).toBe(false);
  });
});
