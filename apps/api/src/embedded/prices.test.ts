import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceSource } from '../prices.ts';
import { startEmbeddedTestStack, type EmbeddedTestStack } from './testStack.ts';
import type { TestDevice } from './testClient.ts';

/**
 * `GET /embedded/v1/prices/native` over a real HTTP server: the native currency of the API's own chain
 * configuration with its US-dollar price, for a signed-in session only; null when unpriced or when the
 * price source fails.
 */

/** ETH priced, BOOM failing, anything else unknown. */
const prices: PriceSource = {
  label: 'test-table',
  getPrice: async ({ symbol }, currency) => {
    if (symbol === 'BOOM') throw new Error('price feed down');
    return currency === 'usd' && symbol === 'ETH' ? 3000 : undefined;
  },
};
const unreachable = 'http://127.0.0.1:9';

let s: EmbeddedTestStack;
let signedIn: TestDevice;
beforeAll(async () => {
  s = await startEmbeddedTestStack({
    prices,
    indexer: { autoStart: false },
    chains: [
      { caipNetworkId: 'eip155:31337', rpcUrl: unreachable },
      {
        caipNetworkId: 'eip155:7001',
        rpcUrl: unreachable,
        nativeCurrency: { name: 'Dev', symbol: 'UNP', decimals: 18 },
      },
      {
        caipNetworkId: 'eip155:7002',
        rpcUrl: unreachable,
        nativeCurrency: { name: 'Boom', symbol: 'BOOM', decimals: 6 },
      },
    ],
  });
  signedIn = await s.signUp(s.freshEmail());
}, 60_000);
afterAll(async () => {
  await s?.stop();
});

const read = (device: TestDevice, query: string) => device.call(`/embedded/v1/prices/native?${query}`);

describe('GET /embedded/v1/prices/native', () => {
  it('answers the configured native currency and its USD price, naming the price source', async () => {
    const res = await read(signedIn, 'caipNetworkId=eip155:31337');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      caipNetworkId: 'eip155:31337',
      symbol: 'ETH',
      decimals: 18,
      currency: 'usd',
      price: 3000,
    });
    expect(res.headers.get('x-airlock-price-source')).toBe('test-table');
  });

  it('answers price null for an unpriced currency and when the price source fails', async () => {
    expect((await read(signedIn, 'caipNetworkId=eip155:7001')).body).toEqual({
      caipNetworkId: 'eip155:7001',
      symbol: 'UNP',
      decimals: 18,
      currency: 'usd',
      price: null,
    });
    const failed = await read(signedIn, 'caipNetworkId=eip155:7002');
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ symbol: 'BOOM', decimals: 6, price: null });
  });

  it('takes the symbol from the API’s chain, never from the caller', async () => {
    const res = await read(signedIn, 'caipNetworkId=eip155:7001&symbol=ETH');
    expect(res.status).toBe(400);
  });

  it('answers 404 for a network the API does not serve and 400 for a malformed id', async () => {
    expect((await read(signedIn, 'caipNetworkId=eip155:1')).status).toBe(404);
    expect((await read(signedIn, 'caipNetworkId=nope')).status).toBe(400);
  });

  it('needs a signed-in session bound to the device key', async () => {
    const stranger = await s.device();
    const res = await read(stranger, 'caipNetworkId=eip155:31337');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not signed in' });
  });

  it('answers the secure frame origin’s CORS preflight', async () => {
    const res = await fetch(`${s.base}/embedded/v1/prices/native?caipNetworkId=eip155:31337`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.3:5178',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,dpop',
      },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.3:5178');
  });
});
