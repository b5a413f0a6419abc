import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '@solana/web3.js';
import { startSolanaRpc, type SolanaRpc } from '@airlock/solana-rpc';
import { createApi, type Api } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { startUpstream, type Upstream } from '../test/upstream.ts';

/**
 * The provider RPC (spec §7, `POST /v1/`) for a `solana:` chain id, over a real HTTP server: one real local Solana
 * RPC (apps/solana-rpc) behind two upstream pass-throughs (`test/upstream.ts`, standing in for two Solana RPC
 * providers; they can be taken down or slowed), configured as the chain's `rpcUrl` and `rpcUrls`.
 */

const ORIGIN = 'http://localhost:15173';
let solana: SolanaRpc;
let first: Upstream;
let second: Upstream;
let api: Api;
let baseUrl: string;
let chainId: string;
let holder: string;

type Answer = {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string };
};

const rpc = async (body: unknown) => {
  const res = await fetch(`${baseUrl}/v1/?${new URLSearchParams({ chainId, projectId: 'dev' })}`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer & Answer[] };
};
const request = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

/** Which upstream answers a `getGenesisHash` probe now (the ranking pings use getSlot). */
const servedBy = async (): Promise<'first' | 'second'> => {
  const before = [first.methods.length, second.methods.length];
  const { body } = await rpc(request('getGenesisHash'));
  expect(body.result).toBe(solana.genesisHash);
  if (second.methods.slice(before[1]).includes('getGenesisHash')) return 'second';
  expect(first.methods.slice(before[0])).toContain('getGenesisHash');
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
  solana = await startSolanaRpc({ port: 0 });
  chainId = `solana:${solana.genesisHash.slice(0, 32)}`;
  holder = solana.devKeypairs[0]!.publicKey.toBase58();
  [first, second] = await Promise.all([startUpstream(solana.url), startUpstream(solana.url)]);
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    solana: [{ caipNetworkId: chainId, rpcUrl: first.url, rpcUrls: [second.url] }],
    seed: { projects: [{ id: 'dev', name: 'Dev', allowedOrigins: ['http://localhost:*'] }] },
    indexer: { autoStart: false },
    log: () => undefined,
  });
  baseUrl = await api.start();
}, 180_000);

afterAll(async () => {
  await Promise.all([api?.stop(), solana?.stop(), first?.stop(), second?.stop()]);
  await dropTestDatabases();
});

describe('the provider RPC for a Solana chain (spec §7)', () => {
  it('is listed by supported-chains and answers a Solana read', async () => {
    const list = await fetch(`${baseUrl}/v1/supported-chains?projectId=dev`, { headers: { origin: ORIGIN } });
    expect(((await list.json()) as { http: string[] }).http).toContain(chainId);
    const { status, body } = await rpc(request('getBalance', [holder, { commitment: 'confirmed' }], 'a'));
    expect(status).toBe(200);
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: { context: { slot: expect.any(Number), apiVersion: expect.any(String) }, value: 1000 * LAMPORTS_PER_SOL },
    });
  });

  it('answers the reads of the widget and its send form', async () => {
    const { body } = await rpc([
      request('getAccountInfo', [holder, { encoding: 'base64', commitment: 'confirmed' }], 1),
      request('getLatestBlockhash', [{ commitment: 'confirmed' }], 2),
      request('getTokenAccountsByOwner', [holder, { mint: solana.devMint.toBase58() }, { encoding: 'jsonParsed' }], 3),
      request('getMinimumBalanceForRentExemption', [165], 4),
      request('getSignaturesForAddress', [holder, { limit: 5 }], 5),
      request('getSignatureStatuses', [['1111111111111111111111111111111111111111111111111111111111111111']], 6),
    ]);
    expect(body.map((a) => a.error)).toEqual(Array(6).fill(undefined));
    expect((body[0]!.result as { value: { lamports: number } }).value.lamports).toBe(1000 * LAMPORTS_PER_SOL);
    expect((body[1]!.result as { value: { blockhash: string } }).value.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/);
    expect((body[2]!.result as { value: unknown[] }).value).toHaveLength(1);
  });

  it('answers a batch of 1000 reads in one response (sent upstream in batches of at most 100)', async () => {
    const before = [first.batches.length, second.batches.length];
    const batch = Array.from({ length: 1000 }, (_, i) => request('getBalance', [holder], i));
    const { status, body } = await rpc(batch);
    expect(status).toBe(200);
    expect(body).toHaveLength(1000);
    expect(body.map((a) => a.id)).toEqual(batch.map((r) => r.id));
    expect(body.every((a) => (a.result as { value: number }).value === 1000 * LAMPORTS_PER_SOL)).toBe(true);
    const sent = [...first.batches.slice(before[0]), ...second.batches.slice(before[1])];
    // All 1000 went upstream in batches (a ranking ping of the same tick may ride along).
    expect(sent.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...sent)).toBeLessThanOrEqual(100);
  });

  it('refuses writes, airdrops, whole-chain scans and eip155 methods, and sends none of them upstream', async () => {
    const before = [first.methods.length, second.methods.length];
    const { body } = await rpc([
      request('sendTransaction', ['AQAB'], 1),
      request('requestAirdrop', [holder, LAMPORTS_PER_SOL], 2),
      request('getProgramAccounts', ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'], 3),
      request('eth_getBalance', [holder, 'latest'], 4),
    ]);
    expect(body.map((a) => a.error)).toEqual(
      ['sendTransaction', 'requestAirdrop', 'getProgramAccounts', 'eth_getBalance'].map((m) => ({
        code: -32601,
        message: `Method not allowed: ${m}`,
      })),
    );
    const forwarded = [...first.methods.slice(before[0]), ...second.methods.slice(before[1])];
    expect(forwarded.filter((m) => m !== 'getSlot')).toEqual([]);
  });

  it("passes the node's own JSON-RPC error through", async () => {
    const { body } = await rpc(request('getBalance', ['not-base58!'], 7));
    expect(body.error!.code).toBe(-32602);
    expect(JSON.stringify(body)).not.toContain('127.0.0.1');
  });

  it('reads the API’s own Solana balances through the next upstream when the first is down', async () => {
    first.setDown(true);
    try {
      const res = await fetch(
        `${baseUrl}/v1/account/${holder}/balance?${new URLSearchParams({ projectId: 'dev', chainId })}`,
        { headers: { origin: ORIGIN } },
      );
      // Status and body together, so a failure shows what the API answered.
      const answer = { status: res.status, body: (await res.json()) as { balances?: unknown[] } };
      expect(answer).toMatchObject({ status: 200, body: { balances: expect.any(Array) } });
      expect(answer.body.balances![0]).toMatchObject({ symbol: 'SOL', quantity: { numeric: '1000' } });
    } finally {
      first.setDown(false);
    }
  });

  it('ranking (pinged with getSlot) moves traffic to the faster upstream', async () => {
    // Whichever upstream serves now is slowed, and the other takes over. Pings of another kind (eth_blockNumber)
    // would fail on both Solana upstreams alike and never reorder them. Both directions: proxy.test.ts (same transport).
    const preferred = (await servedBy()) === 'first' ? first : second;
    const other = preferred === first ? 'second' : 'first';
    preferred.setDelay(400);
    try {
      await until(async () => (await servedBy()) === other, 60_000);
    } finally {
      preferred.setDelay(0);
    }
  }, 90_000);

  it('reads go on when the preferred upstream goes down mid-session, and fail in JSON-RPC form when all are down', async () => {
    const preferred = (await servedBy()) === 'first' ? first : second;
    const other = preferred === first ? second : first;
    preferred.setDown(true);
    const before = other.methods.length;
    const { body } = await rpc(request('getSlot', [], 9));
    expect(body).toEqual({ jsonrpc: '2.0', id: 9, result: expect.any(Number) });
    expect(other.methods.slice(before)).toContain('getSlot');

    other.setDown(true);
    const down = await rpc(request('getSlot', [], 10));
    expect(down.body).toEqual({ jsonrpc: '2.0', id: 10, error: { code: -32603, message: 'Upstream unavailable' } });
    first.setDown(false);
    second.setDown(false);
  });
});
