import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, startAnvil, type Anvil } from '@airlock/testing';
import { createApi, type Api } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { call } from '../test/http.ts';
import { startUpstream, type Upstream } from '../test/upstream.ts';

/**
 * The provider RPC (spec §7, `POST /v1/`) over a real HTTP server: one real anvil behind two upstream
 * pass-throughs (`test/upstream.ts`, standing in for two RPC providers; they can be taken down or slowed),
 * configured as the chain's `rpcUrl` and `rpcUrls`.
 */

const ORIGIN = 'http://localhost:15173';
const [alice, bob] = DEV_KEYS.map((k) => privateKeyToAccount(k).address);
let anvil: Anvil;
let first: Upstream;
let second: Upstream;
let api: Api;
let baseUrl: string;

type Answer = {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string };
};

const rpc = async (body: unknown, query: Record<string, string> = {}) => {
  const res = await fetch(
    `${baseUrl}/v1/?${new URLSearchParams({ chainId: anvil.caipNetworkId, projectId: 'dev', ...query })}`,
    {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
  );
  return { status: res.status, body: (await res.json()) as Answer & Answer[] };
};
const request = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

/** Which upstream answers a `net_version` probe now (the ranking pings use eth_blockNumber). */
const servedBy = async (): Promise<'first' | 'second'> => {
  const before = [first.methods.length, second.methods.length];
  const { body } = await rpc(request('net_version'));
  expect(body.result).toBe('31337');
  if (second.methods.slice(before[1]).includes('net_version')) return 'second';
  expect(first.methods.slice(before[0])).toContain('net_version');
  return 'first';
};

/** Calls `check` until it is true (every 100 ms, at most `timeoutMs`). @throws when it never is. */
async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  anvil = await startAnvil(31337);
  [first, second] = await Promise.all([startUpstream(anvil.rpcUrl), startUpstream(anvil.rpcUrl)]);
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    chains: [{ caipNetworkId: anvil.caipNetworkId, rpcUrl: first.url, rpcUrls: [second.url], tokenLists: [] }],
    seed: { projects: [{ id: 'dev', name: 'Dev', allowedOrigins: ['http://localhost:*'] }] },
    indexer: { autoStart: false },
    log: () => undefined,
  });
  baseUrl = await api.start();
}, 60_000);

afterAll(async () => {
  await Promise.all([api?.stop(), anvil?.stop(), first?.stop(), second?.stop()]);
  await dropTestDatabases();
});

describe('the provider RPC (spec §7)', () => {
  it('answers a JSON-RPC read', async () => {
    const { status, body } = await rpc(request('eth_chainId', [], 'a'));
    expect(status).toBe(200);
    expect(body).toEqual({ jsonrpc: '2.0', id: 'a', result: '0x7a69' });
  });

  it('answers a batch of 1000 reads in one response, sent upstream as one batch', async () => {
    const batch = Array.from({ length: 1000 }, (_, i) => request('eth_getBalance', [i % 2 ? alice : bob, 'latest'], i));
    const { status, body } = await rpc(batch);
    expect(status).toBe(200);
    expect(body).toHaveLength(1000);
    expect(body.map((a) => a.id)).toEqual(batch.map((r) => r.id));
    expect(body.every((a) => a.result === `0x${parseEther('10000').toString(16)}`)).toBe(true);
    expect([...first.batches, ...second.batches]).toContain(1000);
  });

  it('refuses a body over its limit in JSON-RPC form', async () => {
    // Its own connection (no keep-alive): the server answers 413 before reading the rest and closes it.
    const { status, body } = await call(baseUrl, `/v1/?chainId=${anvil.caipNetworkId}&projectId=dev`, {
      body: request('eth_call', [{ data: `0x${'00'.repeat(1_100_000)}` }, 'latest']),
    });
    expect(status).toBe(413);
    expect(body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Payload too large' } });
  });

  it('refuses a batch over 1000 and an empty one', async () => {
    const big = await rpc(Array.from({ length: 1001 }, (_, i) => request('eth_chainId', [], i)));
    expect(big.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Batch too large (at most 1000 requests)' },
    });
    expect((await rpc([])).body.error).toEqual({ code: -32600, message: 'Empty batch' });
  });

  it('refuses writes, node-key, admin and dev-node methods, and sends none of them upstream', async () => {
    const nonce = await anvil.test.getTransactionCount({ address: alice! });
    const signed = await privateKeyToAccount(DEV_KEYS[0]).signTransaction({
      chainId: 31337,
      to: bob!,
      value: 1n,
      nonce,
      gas: 21_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1n,
    });
    const before = [first.methods.length, second.methods.length];
    const refused = ['eth_sendRawTransaction', 'eth_sendTransaction', 'personal_sign', 'eth_accounts'];
    const { body } = await rpc([
      request('eth_sendRawTransaction', [signed], 1),
      request('eth_sendTransaction', [{ from: alice, to: bob, value: '0x1' }], 2),
      request('personal_sign', ['0x00', alice], 3),
      request('eth_accounts', [], 4),
      request('anvil_setBalance', [bob, '0x0'], 5),
      request('admin_nodeInfo', [], 6),
    ]);
    expect(body.map((a) => a.error)).toEqual(
      [...refused, 'anvil_setBalance', 'admin_nodeInfo'].map((m) => ({
        code: -32601,
        message: `Method not allowed: ${m}`,
      })),
    );
    const forwarded = [...first.methods.slice(before[0]), ...second.methods.slice(before[1])];
    expect(forwarded.filter((m) => m !== 'eth_blockNumber')).toEqual([]);
    expect(await anvil.test.getTransactionCount({ address: alice! })).toBe(nonce);
  });

  it('answers errors in JSON-RPC form: bad project id, unknown chain, parse error, invalid request', async () => {
    const bad = await rpc(request('eth_chainId'), { projectId: 'nope' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Unauthorized: invalid key' },
    });
    const chain = await rpc(request('eth_chainId'), { chainId: 'eip155:999' });
    expect(chain.status).toBe(400);
    expect(chain.body.error).toEqual({ code: -32602, message: 'Unsupported chainId' });
    expect((await rpc('{not json')).body.error).toEqual({ code: -32700, message: 'Parse error' });
    expect((await rpc({ jsonrpc: '1.0', id: 7, method: 'eth_chainId' })).body).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: 'Invalid request' },
    });
  });

  it("passes an upstream's own JSON-RPC error through, without naming the upstream", async () => {
    const { body } = await rpc(request('eth_getBalance', ['0xnot-an-address', 'latest']));
    expect(body.error!.code).toBe(-32602);
    expect(JSON.stringify(body)).not.toContain('127.0.0.1');
  });

  it('ranking moves traffic to the faster upstream', async () => {
    first.setDelay(400);
    await until(async () => (await servedBy()) === 'second', 30_000);
    first.setDelay(0);
    second.setDelay(400);
    await until(async () => (await servedBy()) === 'first', 30_000);
    second.setDelay(0);
  }, 70_000);

  it('reads go on when the preferred upstream goes down mid-session, and fail in JSON-RPC form when all are down', async () => {
    const preferred = (await servedBy()) === 'first' ? first : second;
    const other = preferred === first ? second : first;
    preferred.setDown(true);
    const before = other.methods.length;
    const { body } = await rpc(request('eth_blockNumber', [], 9));
    expect(body).toEqual({ jsonrpc: '2.0', id: 9, result: expect.stringMatching(/^0x[0-9a-f]+$/) });
    expect(other.methods.slice(before)).toContain('eth_blockNumber');

    other.setDown(true);
    const down = await rpc(request('eth_blockNumber', [], 10));
    expect(down.body).toEqual({ jsonrpc: '2.0', id: 10, error: { code: -32603, message: 'Upstream unavailable' } });
    first.setDown(false);
    second.setDown(false);
  });
});
