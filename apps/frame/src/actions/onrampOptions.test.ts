import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import type { Features } from '@airlock/protocol';
import { createTestFrame } from '../testing/testFrame.ts';
import { loadOnramp, onrampState } from './onramp.ts';
import { fetchOnrampHistory } from './onrampApi.ts';

const PROVIDERS = [
  { id: 'sandbox-a', name: 'Sandbox A' },
  { id: 'sandbox-b', name: 'Sandbox B' },
];

/** An API answering `/v1/onramp/options` with `providers`, recording each call's URL and fetch init. */
function api(providers: unknown) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ url, init });
    const body =
      url.pathname === '/v1/onramp/options'
        ? { purchaseCurrencies: [], paymentCurrencies: [], providers }
        : { data: [], next: null };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { client: createApiClient({ baseUrl: 'http://api.test', projectId: 'p', fetch }), calls };
}

/** The providers the Buy view offers after loading the options with these features (the options must load). */
async function offered(features: Features, providers: unknown) {
  const { frame } = await createTestFrame({ start: false, api: api(providers).client });
  frame.store.setState({ features: { features, source: 'remote' } });
  await loadOnramp(frame);
  const onramp = onrampState(frame.store.getState());
  expect(onramp.optionsStatus).toBe('ready');
  return onramp.providers.map((p) => p.id);
}

describe('onramp providers (spec §5, §7)', () => {
  it('onramp: true offers every provider the API answers; a list only those it names', async () => {
    expect(await offered({ onramp: true }, PROVIDERS)).toEqual(['sandbox-a', 'sandbox-b']);
    expect(await offered({ onramp: ['sandbox-b'] }, PROVIDERS)).toEqual(['sandbox-b']);
  });

  it('a providers answer that is not a list shows none (the rest of the options still load)', async () => {
    expect(await offered({ onramp: true }, 'sandbox-a')).toEqual([]);
  });

  it('keeps an http(s) logoUrl; drops any other (javascript:, data:, too long, not a string) but keeps the provider', async () => {
    const { frame } = await createTestFrame({
      start: false,
      api: api([
        { id: 'a', name: 'A', logoUrl: 'https://sandbox.test/logo/a.svg' },
        { id: 'b', name: 'B', logoUrl: 'javascript:alert(1)' },
        { id: 'c', name: 'C', logoUrl: 'data:image/svg+xml,<svg/>' },
        { id: 'd', name: 'D', logoUrl: `https://sandbox.test/${'x'.repeat(2048)}.svg` },
        { id: 'e', name: 'E', logoUrl: 42 },
        { id: 'f', name: 'F' },
      ]).client,
    });
    frame.store.setState({ features: { features: { onramp: true }, source: 'remote' } });
    await loadOnramp(frame);
    expect(onrampState(frame.store.getState()).providers).toEqual([
      { id: 'a', name: 'A', logoUrl: 'https://sandbox.test/logo/a.svg' },
      { id: 'b', name: 'B' },
      { id: 'c', name: 'C' },
      { id: 'd', name: 'D' },
      { id: 'e', name: 'E' },
      { id: 'f', name: 'F' },
    ]);
  });

  it("the account's onramp history is asked with the fetch cache mode 'no-cache'", async () => {
    const { client, calls } = api(PROVIDERS);
    await fetchOnrampHistory(client, '0x0000000000000000000000000000000000000001', 'eip155:31337');
    expect(calls[0]!.url.searchParams.get('onramp')).toBe('all');
    expect(calls[0]!.init?.cache).toBe('no-cache');
  });
});
