import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { RECORDED, startEtherscanStandIn, type EtherscanStandIn } from '../test/etherscan/server.ts';

/**
 * History of a chain with an Etherscan-v2-compatible provider (`history` in AIRLOCK_CHAINS), through the real
 * API server, against a local stand-in for the hosted explorer (`test/etherscan/`, recorded answers in the
 * explorer's format). The chain's RPC is never called by the history path (its URL points nowhere).
 */

const ORIGIN = 'http://localhost:15173';
const API_KEY = 'test-key-never-logged';
const hash = (n: number) => `0x${String(n).padStart(64, '0')}`;
let standIn: EtherscanStandIn;
let api: Api;
let baseUrl: string;
const logs: string[] = [];

type Page = {
  data: {
    id: string;
    metadata: { operationType: string; status: string; chain: string; minedAt: string };
    transfers: {
      fungible_info?: { symbol: string };
      direction: string;
      quantity: { numeric: string };
      value: number;
    }[];
  }[];
  next: string | null;
};

const history = async (params: Record<string, string> = {}) => {
  const res = await fetch(
    `${baseUrl}/v1/account/${RECORDED.address}/history?${new URLSearchParams({ projectId: 'dev', chainId: 'eip155:1', ...params })}`,
    { headers: { origin: ORIGIN } },
  );
  return { status: res.status, body: (await res.json()) as Page };
};

beforeAll(async () => {
  standIn = await startEtherscanStandIn();
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    chains: [
      {
        caipNetworkId: 'eip155:1',
        rpcUrl: 'http://127.0.0.1:9/',
        startBlock: 'latest',
        history: { kind: 'etherscan', url: standIn.url, apiKey: API_KEY },
      },
    ],
    seed: { projects: [{ id: 'dev', name: 'Dev', allowedOrigins: ['http://localhost:*'] }] },
    indexer: { autoStart: false },
    historyPageSize: 2,
    log: (m) => logs.push(m),
  });
  baseUrl = await api.start();
}, 60_000);

afterAll(async () => {
  await Promise.all([api?.stop(), standIn?.stop()]);
  await dropTestDatabases();
});

describe('history from an Etherscan-v2-compatible provider', () => {
  it('pages newest first by cursor, merging transactions and token transfers, never splitting a block', async () => {
    const pages: Page['data'][] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const { status, body } = await history(cursor ? { cursor } : {});
      expect(status).toBe(200);
      pages.push(body.data);
      if (!body.next) break;
      cursor = body.next;
    }
    expect(pages.map((p) => p.map((item) => item.id))).toEqual([
      [hash(5), hash(6)],
      [hash(4), hash(3)],
      [hash(1)],
      [hash(0)],
    ]);
    const items = new Map(pages.flat().map((item) => [item.id, item]));
    expect(items.get(hash(5))!.metadata).toMatchObject({
      operationType: 'send',
      status: 'confirmed',
      chain: 'eip155:1',
    });
    expect(items.get(hash(5))!.transfers).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ symbol: 'ETH' }),
        direction: 'out',
        quantity: { numeric: '1.5' },
        value: 4500,
      }),
    ]);
    // A token transfer in someone else's transaction: not in the account's txlist, found through tokentx.
    expect(items.get(hash(6))!.metadata.operationType).toBe('receive');
    expect(items.get(hash(6))!.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '10' }, value: 10 });
    // A failed contract call with no transfer.
    expect(items.get(hash(4))!.metadata).toMatchObject({ operationType: 'execute', status: 'failed' });
    // The same transaction in both lists is one item with its token transfer.
    expect(items.get(hash(1))!.transfers.map((t) => [t.fungible_info?.symbol, t.direction])).toEqual([['USDC', 'out']]);
    expect(items.get(hash(0))!.metadata.operationType).toBe('mint');
    expect(standIn.queries.every((q) => q.get('chainid') === '1' && q.get('apikey') === API_KEY)).toBe(true);
  });

  it('a failing provider answers an empty page with the cursor cleared, and the log says why', async () => {
    const first = await history();
    expect(first.body.next).toEqual(expect.any(String));
    for (const mode of ['notok', 'http-error'] as const) {
      standIn.setMode(mode);
      logs.length = 0;
      const { status, body } = await history({ cursor: first.body.next! });
      expect(status).toBe(200);
      expect(body).toEqual({ data: [], next: null });
      expect(logs).toEqual([
        expect.stringMatching(
          mode === 'notok'
            ? /^\[history\] eip155:1: provider failed: \w+: NOTOK \(Max calls per sec rate limit reached/
            : /^\[history\] eip155:1: provider failed: \w+: HTTP 502$/,
        ),
      ]);
      expect(logs.join('\n')).not.toContain(API_KEY);
    }
    standIn.setMode('ok');
  });

  it('refuses a cursor it did not issue', async () => {
    const indexerStyle = Buffer.from(JSON.stringify([1, 'eip155:1', 1, 0])).toString('base64url');
    for (const cursor of ['not-a-cursor', indexerStyle]) {
      const res = await fetch(
        `${baseUrl}/v1/account/${RECORDED.address}/history?${new URLSearchParams({ projectId: 'dev', chainId: 'eip155:1', cursor })}`,
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'cursor: Invalid input' });
    }
  });
});
