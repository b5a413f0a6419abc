import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { min } from 'drizzle-orm';
import { getAddress, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, startAnvil, type Anvil } from '@airlock/testing';
import { installMulticall3 } from '../../../scripts/multicall3.mjs';
import { getBalances } from './balances.ts';
import { createChains } from './chains.ts';
import { blocks } from './db/schema.ts';
import { createApi, type Api } from './main.ts';
import { createDevPriceSource } from './prices.ts';
import { deploy, ERC20 } from './test/contracts.ts';
import { dropTestDatabases, testDatabase } from './test/database.ts';
import { startUpstream, type Upstream } from './test/upstream.ts';
import { BUNDLED_TOKEN_LIST, createTokenLists } from './tokenLists.ts';

/**
 * Balances without history (spec §7 balance call): a real anvil with a long past (its genesis is block 30,000, the
 * wallet gets its tokens right after, then 1,000 blocks are mined: anvil mines each block at a cost that grows with
 * the chain, so tens of thousands of mined blocks would take it many minutes), Multicall3 put at its canonical
 * address, a token list file, and an API started with no start block (`startBlock` defaults to the chain's head).
 * The API reads its chain through a pass-through (`test/upstream.ts`) that records the requests it forwards.
 */

const GENESIS = 30_000;
const [, bob, carol] = DEV_KEYS.map((k) => privateKeyToAccount(k).address);
const ORIGIN = 'http://localhost:15173';
let anvil: Anvil;
let upstream: Upstream;
let api: Api;
let baseUrl: string;
let dir: string;
let listed: `0x${string}`;
let unlisted: `0x${string}`;
let headAtStart: number;
const logs: string[] = [];

const balancesOf = async (address: string) => {
  const res = await fetch(
    `${baseUrl}/v1/account/${address}/balance?${new URLSearchParams({ projectId: 'dev', chainId: anvil.caipNetworkId })}`,
    { headers: { origin: ORIGIN } },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { balances: { symbol: string; address?: string; quantity: { numeric: string } }[] })
    .balances;
};

beforeAll(async () => {
  anvil = await startAnvil(31337, { genesisBlockNumber: GENESIS });
  await installMulticall3(anvil.rpcUrl);
  listed = await deploy(anvil, ERC20, ['Listed Dollar', 'LUSD']);
  unlisted = await deploy(anvil, ERC20, ['Unlisted Token', 'UNL']);
  const w = anvil.wallet(0);
  const hash = await w.writeContract({
    address: listed,
    abi: ERC20.abi,
    functionName: 'mint',
    args: [carol!, parseEther('42.5')],
  });
  await w.waitForTransactionReceipt({ hash });
  // A past: the mint above is 1,000 blocks deep when the API starts, mined in steps well inside the RPC timeout
  // (the 100,000-block chain is in the bench).
  for (let i = 0; i < 10; i++) await anvil.test.mine({ blocks: 100 });
  headAtStart = Number(await anvil.test.getBlockNumber());

  dir = mkdtempSync(join(tmpdir(), 'airlock-tokenlist-'));
  const list = join(dir, 'list.json');
  writeFileSync(
    list,
    JSON.stringify({
      name: 'Test list',
      timestamp: '2026-01-01T00:00:00Z',
      version: { major: 1, minor: 0, patch: 0 },
      tokens: [
        { chainId: 31337, address: listed, name: 'Listed Dollar', symbol: 'LUSD', decimals: 18 },
        // 0 decimals: filtered (spec §5) even though the wallet would hold it.
        { chainId: 31337, address: unlisted, name: 'Zero Decimals', symbol: 'ZERO', decimals: 0 },
        // Not a contract: its balanceOf fails inside the multicall and the token is left out.
        {
          chainId: 31337,
          address: '0x000000000000000000000000000000000000dEaD',
          name: 'Gone',
          symbol: 'GONE',
          decimals: 18,
        },
        // Another chain: ignored.
        { chainId: 1, address: listed, name: 'Elsewhere', symbol: 'ELSE', decimals: 18 },
      ],
    }),
  );
  upstream = await startUpstream(anvil.rpcUrl);
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    chains: [{ caipNetworkId: anvil.caipNetworkId, rpcUrl: upstream.url, tokenLists: [list] }],
    seed: { projects: [{ id: 'dev', name: 'Dev', allowedOrigins: ['http://localhost:*'] }] },
    indexer: { autoStart: false },
    log: (m) => logs.push(m),
  });
  baseUrl = await api.start();
}, 120_000);

afterAll(async () => {
  await Promise.all([api?.stop(), anvil?.stop(), upstream?.stop()]);
  await dropTestDatabases();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('balances from token lists and Multicall3 (no history needed)', () => {
  it('a wallet that got a listed token long before the API started sees it on the first request, in one eth_call', async () => {
    const before = upstream.methods.length;
    const balances = await balancesOf(carol!);
    expect(balances.map((b) => [b.symbol, b.address, b.quantity.numeric])).toEqual([
      ['ETH', undefined, '10000'],
      ['LUSD', `${anvil.caipNetworkId}:${getAddress(listed)}`, '42.5'],
    ]);
    // Native balance and every listed token in one call to Multicall3; nothing walked the chain's past.
    expect(upstream.methods.slice(before)).toEqual(['eth_call']);
  });

  it('the indexer, given no start block, starts at the head it found and never asks for an older block', async () => {
    expect(headAtStart).toBeGreaterThan(GENESIS + 1_000);
    await api.indexer.sync();
    const [row] = await api.db.select({ first: min(blocks.number) }).from(blocks);
    expect(row!.first).toBeGreaterThanOrEqual(headAtStart);
    // Every block the indexer read from the upstream by number (its logs go by that block's hash, or by a range
    // from a number) is at or above that head.
    const asked = upstream.requests.flatMap(({ method, params }) => {
      const [first] = (params ?? []) as unknown[];
      if (method === 'eth_getBlockByNumber' || method === 'eth_getBlockReceipts') return [first];
      const from = method === 'eth_getLogs' ? (first as { fromBlock?: string }).fromBlock : undefined;
      return from === undefined ? [] : [from];
    });
    expect(asked.length).toBeGreaterThan(0);
    for (const block of asked) if (block !== 'latest') expect(Number(block)).toBeGreaterThanOrEqual(headAtStart);
  });

  it('merges tokens the indexer saw that are on no list, and filters 0-decimal list entries', async () => {
    const w = anvil.wallet(0);
    const hash = await w.writeContract({
      address: unlisted,
      abi: ERC20.abi,
      functionName: 'mint',
      args: [bob!, parseEther('7')],
    });
    await w.waitForTransactionReceipt({ hash });
    await api.indexer.sync();
    const balances = await balancesOf(bob!);
    expect(balances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([
      ['ETH', '10000'],
      ['UNL', '7'],
    ]);
  });

  it('a chain without Multicall3 at the configured address reads through the deployless multicall', async () => {
    const chains = createChains([
      {
        caipNetworkId: anvil.caipNetworkId,
        rpcUrl: anvil.rpcUrl,
        multicall3: '0x000000000000000000000000000000000000bEEF',
        tokenLists: [join(dir, 'list.json')],
      },
    ]);
    const seen: string[] = [];
    const balances = await getBalances(
      {
        db: api.db,
        chain: chains.get(anvil.caipNetworkId)!,
        prices: createDevPriceSource(),
        tokenLists: createTokenLists({ log: () => undefined }),
        log: (m) => seen.push(m),
      },
      carol!,
      'usd',
      (s) => s,
    );
    expect(balances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([
      ['ETH', '10000'],
      ['LUSD', '42.5'],
    ]);
    expect(seen).toEqual([expect.stringContaining('no Multicall3 at 0x000000000000000000000000000000000000bEEF')]);
  });

  it('a token list that cannot be loaded is logged and counts as empty', async () => {
    const seen: string[] = [];
    const lists = createTokenLists({ log: (m) => seen.push(m) });
    expect(await lists.tokensOf(31337, [join(dir, 'missing.json')])).toEqual([]);
    expect(seen).toEqual([expect.stringMatching(/token list .*missing\.json not loaded: ENOENT/)]);
  });

  it('the bundled list knows the predefined networks', async () => {
    const lists = createTokenLists({ log: () => undefined });
    const base = await lists.tokensOf(8453, [BUNDLED_TOKEN_LIST]);
    expect(base.map((t) => t.symbol)).toContain('USDC');
  });
});
