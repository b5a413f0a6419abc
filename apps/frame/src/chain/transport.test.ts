import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Network } from '@airlock/protocol';
import { createChainClient } from './balance.ts';
import { SUPPORTED_CHAINS_RETRY_MS, createServedChains, proxyRpcUrl } from './served.ts';
import { readTransport } from './transport.ts';

/**
 * Which RPC the frame reads a chain from: the API's RPC proxy first and the dapp's URL second when the
 * deployment has an API serving the chain, the dapp's URL alone otherwise. Real HTTP servers stand in for the
 * API (`/v1/supported-chains`, `POST /v1/`) and the dapp's RPC; each answers `eth_getBalance` with its own
 * amount, so the balance tells who served the read.
 */

type Seen = { server: 'api' | 'dapp'; path: string; method?: string };
const seen: Seen[] = [];
/** The API's state: which chains it serves, whether its proxy answers, whether supported-chains fails. */
const api = { served: ['eip155:31337'] as string[], proxyUp: true, listUp: true };

const rpcServer = (name: 'api' | 'dapp', wei: bigint) =>
  createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      if (req.method === 'GET' && url.pathname === '/v1/supported-chains') {
        seen.push({ server: name, path: url.pathname });
        res.writeHead(api.listUp ? 200 : 503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ http: api.served, ws: [] }));
        return;
      }
      const request = JSON.parse(body) as { id: number; method: string };
      seen.push({ server: name, path: url.pathname + url.search, method: request.method });
      if (name === 'api' && !api.proxyUp) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ jsonrpc: '2.0', id: request.id, error: { code: -32603, message: 'Upstream unavailable' } }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: `0x${wei.toString(16)}` }));
    });
  });

const servers: Server[] = [];
let apiUrl = '';
let dappUrl = '';
let closedUrl = '';

const listen = async (server: Server) => {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  apiUrl = await listen(rpcServer('api', 2n * 10n ** 18n));
  dappUrl = await listen(rpcServer('dapp', 1n * 10n ** 18n));
  // A port nothing listens on: a dead RPC.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});
afterEach(() => {
  seen.length = 0;
  Object.assign(api, { served: ['eip155:31337'], proxyUp: true, listUp: true });
});

const network = (caipNetworkId: string, rpcUrl: string): Network =>
  ({
    id: Number(caipNetworkId.split(':')[1]),
    caipNetworkId,
    chainNamespace: 'eip155',
    name: 'Test',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }) as Network;
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const route = () => ({ apiUrl, projectId: 'p-1' });

describe('proxyRpcUrl', () => {
  it('is {apiUrl}/v1/?chainId&projectId, with or without a trailing slash and under a path', () => {
    expect(proxyRpcUrl({ apiUrl: 'https://api.example.com', projectId: 'abc' }, 'eip155:1')).toBe(
      'https://api.example.com/v1/?chainId=eip155%3A1&projectId=abc',
    );
    expect(proxyRpcUrl({ apiUrl: 'https://example.com/airlock/', projectId: 'a b' }, 'eip155:8453')).toBe(
      'https://example.com/airlock/v1/?chainId=eip155%3A8453&projectId=a+b',
    );
  });
});

describe('readTransport', () => {
  it('is the dapp URL alone without a proxy, and the proxy then the dapp URL with one, with no ranking', () => {
    const alone = readTransport('https://rpc.dapp.example', null)({});
    expect(alone.config.type).toBe('http');
    expect(alone.value?.url).toBe('https://rpc.dapp.example');

    const both = readTransport('https://rpc.dapp.example', 'https://api.example.com/v1/?chainId=eip155%3A1')({});
    expect(both.config.type).toBe('fallback');
    const transports = (both.value as { transports: { value?: { url?: string } }[] }).transports;
    expect(transports.map((t) => t.value?.url)).toEqual([
      'https://api.example.com/v1/?chainId=eip155%3A1',
      'https://rpc.dapp.example',
    ]);
  });
});

describe('createServedChains', () => {
  it('asks the API once and names the proxy only for the chains it lists', async () => {
    const proxyOf = createServedChains(route());
    expect(await proxyOf('eip155:31337')).toBe(`${apiUrl}/v1/?chainId=eip155%3A31337&projectId=p-1`);
    expect(await proxyOf('eip155:1')).toBeNull();
    expect(await proxyOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBeNull();
    expect(await proxyOf('eip155:31337')).not.toBeNull();
    expect(seen.filter((s) => s.path === '/v1/supported-chains')).toHaveLength(1);
  });

  it('reads without the proxy when the lookup fails, and asks again after the retry delay', async () => {
    let now = 1_000;
    api.listUp = false;
    const proxyOf = createServedChains({ ...route(), now: () => now });
    expect(await proxyOf('eip155:31337')).toBeNull();
    api.listUp = true;
    now += SUPPORTED_CHAINS_RETRY_MS - 1;
    expect(await proxyOf('eip155:31337')).toBeNull();
    now += 1;
    expect(await proxyOf('eip155:31337')).not.toBeNull();
    expect(seen.filter((s) => s.path === '/v1/supported-chains')).toHaveLength(2);
  });

  it('takes an unreachable API or an answer of another shape as "no proxy"', async () => {
    expect(await createServedChains({ apiUrl: closedUrl, projectId: 'p-1' })('eip155:31337')).toBeNull();
    const odd = createServedChains({
      ...route(),
      fetch: async () => new Response(JSON.stringify({ http: 'eip155:31337' }), { status: 200 }),
    });
    expect(await odd('eip155:31337')).toBeNull();
  });
});

describe('createChainClient reads', () => {
  it('go through the API proxy for a chain it serves, with the project id, and not to the dapp URL', async () => {
    const chain = createChainClient(route());
    expect(await chain.readNativeBalance(network('eip155:31337', dappUrl), ADDRESS)).toBe('2');
    const reads = seen.filter((s) => s.method === 'eth_getBalance');
    expect(reads).toEqual([
      { server: 'api', path: '/v1/?chainId=eip155%3A31337&projectId=p-1', method: 'eth_getBalance' },
    ]);
  });

  it('still answer when the dapp URL is dead, because the proxy serves the chain', async () => {
    const chain = createChainClient(route());
    expect(await chain.readNativeBalance(network('eip155:31337', closedUrl), ADDRESS)).toBe('2');
  });

  it('fall back to the dapp URL when the proxy fails', async () => {
    api.proxyUp = false;
    const chain = createChainClient(route());
    expect(await chain.readRpc(network('eip155:31337', dappUrl), 'eth_getBalance', [ADDRESS, 'latest'])).toBe(
      '0xde0b6b3a7640000',
    );
    expect(seen.filter((s) => s.method === 'eth_getBalance').map((s) => s.server)).toEqual(['api', 'dapp']);
  });

  it('go to the dapp URL only, without touching the proxy, for a chain the API does not serve', async () => {
    const chain = createChainClient(route());
    expect(await chain.readNativeBalance(network('eip155:31339', dappUrl), ADDRESS)).toBe('1');
    expect(seen.filter((s) => s.method).map((s) => s.server)).toEqual(['dapp']);
  });

  it('go to the dapp URL only without an API, asking nothing of any API', async () => {
    const chain = createChainClient(null);
    expect(await chain.readNativeBalance(network('eip155:31337', dappUrl), ADDRESS)).toBe('1');
    expect(seen.map((s) => s.server)).toEqual(['dapp']);
  });
});
