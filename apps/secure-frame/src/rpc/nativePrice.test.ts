import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { loadDevice } from '../keys/device.ts';
import { memoryStore } from '../keys/store.ts';
import { createNativePriceReader } from './nativePrice.ts';

/**
 * The approval's price reader over the real API client (DPoP, access token) against an HTTP
 * server that answers per network: a price, another coin, no price, an error, garbage, or nothing.
 */

const ETHER = { symbol: 'ETH', decimals: 18 };
let server: Server;
let base: string;
const seen: IncomingMessage[] = [];

const answers: Record<string, (id: string) => { status: number; body: string } | 'hang'> = {
  'eip155:1': (id) => ({
    status: 200,
    body: JSON.stringify({ caipNetworkId: id, ...ETHER, currency: 'usd', price: 3000 }),
  }),
  'eip155:2': (id) => ({
    status: 200,
    body: JSON.stringify({ caipNetworkId: id, symbol: 'DEV', decimals: 18, price: 2.5 }),
  }),
  'eip155:3': (id) => ({ status: 200, body: JSON.stringify({ caipNetworkId: id, ...ETHER, price: null }) }),
  'eip155:4': () => ({ status: 500, body: JSON.stringify({ message: 'Internal Server Error' }) }),
  'eip155:5': () => ({ status: 200, body: '{"price":' }),
  'eip155:6': () => 'hang',
  'eip155:7': () => ({ status: 200, body: JSON.stringify({ caipNetworkId: 'eip155:1', ...ETHER, price: 3000 }) }),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const id = new URL(req.url!, 'http://x').searchParams.get('caipNetworkId') ?? '';
    const answer = answers[id]?.(id) ?? { status: 404, body: '{"message":"Unknown network"}' };
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
});

async function reader(timeoutMs?: number) {
  const api = createApiClient(base, await loadDevice(memoryStore()));
  api.setAccessToken('access-token');
  return createNativePriceReader(api, timeoutMs);
}

describe('native price reader', () => {
  it('reads the price with the session (DPoP) when the API names the same coin', async () => {
    expect(await (await reader())('eip155:1', ETHER)).toBe(3000);
    const request = seen.at(-1)!;
    expect(request.url).toBe('/embedded/v1/prices/native?caipNetworkId=eip155%3A1');
    expect(request.headers.authorization).toBe('DPoP access-token');
    expect(request.headers.dpop).toMatch(/^ey/);
  });

  it('has no price for another coin, another network, no price, decimals that differ', async () => {
    const read = await reader();
    expect(await read('eip155:2', ETHER)).toBeUndefined();
    expect(await read('eip155:7', ETHER)).toBeUndefined();
    expect(await read('eip155:3', ETHER)).toBeUndefined();
    expect(await read('eip155:1', { symbol: 'ETH', decimals: 6 })).toBeUndefined();
  });

  it('has no price, and does not throw, when the API fails, answers garbage, does not know the network or is not signed in', async () => {
    const read = await reader();
    expect(await read('eip155:4', ETHER)).toBeUndefined();
    expect(await read('eip155:5', ETHER)).toBeUndefined();
    expect(await read('eip155:99', ETHER)).toBeUndefined();
    const signedOut = createNativePriceReader(createApiClient(base, await loadDevice(memoryStore())));
    expect(await signedOut('eip155:1', ETHER)).toBeUndefined();
  });

  it('gives up on an API that does not answer (timeout)', async () => {
    expect(await (await reader(200))('eip155:6', ETHER)).toBeUndefined();
  });
});
