import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Network } from '@airlock/protocol';
import { Connection, PublicKey } from '@solana/web3.js';
import { createChainClient } from './balance.ts';

/**
 * Which RPC the frame reads a Solana chain from: the API's RPC proxy first and the dapp's URL second when the
 * deployment has an API that lists the chain, the dapp's URL alone otherwise. Real HTTP servers stand in for the
 * API (`/v1/supported-chains`, `POST /v1/`) and the dapp's Solana RPC; each answers `getBalance` with its own
 * amount, so the balance tells who served the read.
 */

const CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const ADDRESS = '32MvKPkohthEtFX36NPE9B45aryLsFVumKyjvFwQmuRX';
type Seen = { server: 'api' | 'dapp'; path: string; method?: string };
const seen: Seen[] = [];
/** The API's state: which chains it serves and whether its proxy answers. */
const api = { served: [CHAIN] as string[], proxyUp: true };

const rpcServer = (name: 'api' | 'dapp', lamports: number) =>
  createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      if (req.method === 'GET' && url.pathname === '/v1/supported-chains') {
        seen.push({ server: name, path: url.pathname });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ http: api.served, ws: [] }));
        return;
      }
      const request = JSON.parse(body) as { id: number; method: string };
      seen.push({ server: name, path: url.pathname + url.search, method: request.method });
      res.writeHead(name === 'api' && !api.proxyUp ? 502 : 200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          name === 'api' && !api.proxyUp
            ? { jsonrpc: '2.0', id: request.id, error: { code: -32603, message: 'Upstream unavailable' } }
            : { jsonrpc: '2.0', id: request.id, result: { context: { slot: 1 }, value: lamports } },
        ),
      );
    });
  });

const servers: Server[] = [];
let apiUrl = '';
let dappUrl = '';

const listen = async (server: Server) => {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  apiUrl = await listen(rpcServer('api', 2_000_000_000));
  dappUrl = await listen(rpcServer('dapp', 1_000_000_000));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});
afterEach(() => {
  seen.length = 0;
  Object.assign(api, { served: [CHAIN], proxyUp: true });
});

const network = (rpcUrl: string): Network =>
  ({
    id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    caipNetworkId: CHAIN,
    chainNamespace: 'solana',
    name: 'Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }) as Network;

describe('createChainClient Solana reads', () => {
  it('go through the API proxy for a Solana chain it serves, with the project id, and not to the dapp URL', async () => {
    const chain = createChainClient({ apiUrl, projectId: 'p-1' });
    expect(await chain.readSolanaBalance(network(dappUrl), ADDRESS)).toBe('2');
    expect(seen.filter((s) => s.method)).toEqual([
      { server: 'api', path: `/v1/?chainId=${encodeURIComponent(CHAIN)}&projectId=p-1`, method: 'getBalance' },
    ]);
  });

  it('fall back to the dapp URL when the proxy fails', async () => {
    api.proxyUp = false;
    const chain = createChainClient({ apiUrl, projectId: 'p-1' });
    expect(await chain.readSolanaBalance(network(dappUrl), ADDRESS)).toBe('1');
    expect(seen.filter((s) => s.method).map((s) => s.server)).toEqual(['api', 'dapp']);
  });

  it('go to the dapp URL only for a Solana chain the API does not list', async () => {
    api.served = ['eip155:1'];
    const chain = createChainClient({ apiUrl, projectId: 'p-1' });
    expect(await chain.readSolanaBalance(network(dappUrl), ADDRESS)).toBe('1');
    expect(seen.filter((s) => s.method).map((s) => s.server)).toEqual(['dapp']);
  });

  it('go to the dapp URL only without an API, asking nothing of any API', async () => {
    const chain = createChainClient(null);
    expect(await chain.readSolanaBalance(network(dappUrl), ADDRESS)).toBe('1');
    expect(seen.map((s) => s.server)).toEqual(['dapp']);
  });
});

describe('the send form connection (web3.js with the chain client’s solanaFetch)', () => {
  const post = (doFetch: typeof fetch, method: string) =>
    doFetch(dappUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    });

  it('reads through the API proxy (a web3.js Connection to the dapp URL), and sends writes to the dapp URL only', async () => {
    const doFetch = await createChainClient({ apiUrl, projectId: 'p-1' }).solanaFetch(network(dappUrl));
    const connection = new Connection(dappUrl, { commitment: 'confirmed', fetch: doFetch });
    expect(await connection.getBalance(new PublicKey(ADDRESS))).toBe(2_000_000_000);
    await post(doFetch, 'sendTransaction');
    await post(doFetch, 'requestAirdrop');
    expect(seen.filter((s) => s.method).map((s) => [s.server, s.method])).toEqual([
      ['api', 'getBalance'],
      ['dapp', 'sendTransaction'],
      ['dapp', 'requestAirdrop'],
    ]);
  });

  it('reads from the dapp URL when the proxy fails, or without an API', async () => {
    api.proxyUp = false;
    const doFetch = await createChainClient({ apiUrl, projectId: 'p-1' }).solanaFetch(network(dappUrl));
    expect(await new Connection(dappUrl, { fetch: doFetch }).getBalance(new PublicKey(ADDRESS))).toBe(1_000_000_000);
    expect(seen.filter((s) => s.method).map((s) => s.server)).toEqual(['api', 'dapp']);
    seen.length = 0;
    const direct = await createChainClient(null).solanaFetch(network(dappUrl));
    expect(await new Connection(dappUrl, { fetch: direct }).getBalance(new PublicKey(ADDRESS))).toBe(1_000_000_000);
    expect(seen.map((s) => s.server)).toEqual(['dapp']);
  });
});
