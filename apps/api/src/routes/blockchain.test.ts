import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createApi, type Api } from '../main.ts';
import { DEV_KEYS, startAnvil, type Anvil } from '@airlock/testing';
import { deploy, ERC20, ERC721 } from '../test/contracts.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';

/**
 * The blockchain calls (spec §7) over a real HTTP server started by
 * createApi().start(), a real anvil, the indexer and an in-memory PGlite.
 */

const [alice, bob, carol] = DEV_KEYS.map((k) => privateKeyToAccount(k).address);
let anvil: Anvil;
let api: Api;
let baseUrl: string;
let dev: `0x${string}`;
const hashes: `0x${string}`[] = [];
const ORIGIN = 'http://localhost:15173';

const call = async (path: string, params: Record<string, string> = {}, init: RequestInit = {}) => {
  const res = await fetch(
    `${baseUrl}${path}?${new URLSearchParams({ projectId: 'dev', st: 'appkit', sv: '2.17.3', ...params })}`,
    {
      ...init,
      headers: { origin: ORIGIN, ...(init.headers as Record<string, string> | undefined) },
    },
  );
  return res;
};

beforeAll(async () => {
  anvil = await startAnvil(31337);
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    chains: [{ caipNetworkId: anvil.caipNetworkId, rpcUrl: anvil.rpcUrl, startBlock: 0 }],
    seed: { projects: [{ id: 'dev', name: 'Dev', allowedOrigins: ['http://localhost:*'] }] },
    indexer: { autoStart: false },
    historyPageSize: 2,
    log: () => undefined,
  });
  baseUrl = await api.start();

  dev = await deploy(anvil, ERC20, ['Dev Token', 'DEV']);
  const art = await deploy(anvil, ERC721, ['Dev Art', 'ART', 'https://nft.invalid/']);
  const w = anvil.wallet(0);
  const mined = async (p: Promise<`0x${string}`>) => {
    const hash = await p;
    await w.waitForTransactionReceipt({ hash });
    hashes.push(hash);
  };
  await mined(
    w.writeContract({ address: dev, abi: ERC20.abi, functionName: 'mint', args: [alice!, parseEther('100')] }),
  );
  await mined(
    w.writeContract({ address: dev, abi: ERC20.abi, functionName: 'transfer', args: [bob!, parseEther('25')] }),
  );
  await mined(w.writeContract({ address: art, abi: ERC721.abi, functionName: 'mint', args: [bob!] }));
  await mined(w.sendTransaction({ to: bob!, value: parseEther('1.5') }));
  await api.indexer.sync();
}, 60_000);

afterAll(async () => {
  await Promise.all([api?.stop(), anvil?.stop()]);
  await dropTestDatabases();
});

describe('blockchain calls (spec §7)', () => {
  it('GET /v1/supported-chains lists the configured chains', async () => {
    const res = await call('/v1/supported-chains');
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(await res.json()).toEqual({ http: ['eip155:31337'], ws: [] });
  });

  it('GET /v1/account/{address}/balance returns native and token balances in the §3 shape, with dev prices labelled', async () => {
    const res = await call(`/v1/account/${bob}/balance`, {
      currency: 'usd',
      chainId: 'eip155:31337',
      forceUpdate: 'true',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-airlock-price-source')).toBe('dev-fixed-table');
    const { balances } = (await res.json()) as { balances: Record<string, unknown>[] };
    expect(balances).toHaveLength(2);
    expect(balances[0]).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31337',
      value: 10001.5 * 3000,
      price: 3000,
      quantity: { decimals: '18', numeric: '10001.5' },
      iconUrl: `${baseUrl}/public/getTokenImage/ETH?projectId=dev`,
    });
    expect(balances[1]).toEqual({
      name: 'Dev Token',
      symbol: 'DEV',
      chainId: 'eip155:31337',
      address: `eip155:31337:${getAddress(dev)}`,
      value: 62.5,
      price: 2.5,
      quantity: { decimals: '18', numeric: '25' },
      iconUrl: `${baseUrl}/public/getTokenImage/DEV?projectId=dev`,
    });
    const icon = await fetch(balances[1]!.iconUrl as string);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('an account that never held tokens gets only its native balance', async () => {
    const { balances } = (await (await call(`/v1/account/${carol}/balance`, { chainId: 'eip155:31337' })).json()) as {
      balances: { symbol: string }[];
    };
    expect(balances.map((b) => b.symbol)).toEqual(['ETH']);
  });

  it('GET /v1/account/{account}/history pages newest first with a next cursor, in the §3 item shape', async () => {
    const first = (await (await call(`/v1/account/${bob}/history`, { chainId: 'eip155:31337' })).json()) as {
      data: { id: string; metadata: Record<string, unknown>; transfers: Record<string, unknown>[] }[];
      next: string | null;
    };
    expect(first.data).toHaveLength(2);
    expect(first.next).toEqual(expect.any(String));
    const second = (await (
      await call(`/v1/account/${bob}/history`, { chainId: 'eip155:31337', cursor: first.next! })
    ).json()) as typeof first;
    expect(second.data).toHaveLength(1);
    expect(second.next).toBeNull();

    const ids = [...first.data, ...second.data].map((i) => i.id);
    expect(ids).toEqual([hashes[3], hashes[2], hashes[1]]);

    const [nativeItem, nftItem] = first.data;
    expect(nativeItem!.metadata).toEqual({
      operationType: 'receive',
      hash: hashes[3],
      minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sentFrom: alice,
      sentTo: bob,
      status: 'confirmed',
      nonce: expect.any(Number),
      chain: 'eip155:31337',
    });
    expect(nativeItem!.transfers).toEqual([
      {
        fungible_info: {
          name: 'Ether',
          symbol: 'ETH',
          icon: { url: `${baseUrl}/public/getTokenImage/ETH?projectId=dev` },
        },
        direction: 'in',
        sender: alice,
        recipient: bob,
        quantity: { numeric: '1.5' },
        value: 4500,
        price: 3000,
      },
    ]);
    expect(nftItem!.metadata.operationType).toBe('mint');
    expect(nftItem!.transfers[0]).toMatchObject({
      nft_info: {
        name: 'Dev Art #0',
        content: { preview: { url: expect.stringContaining('/public/getTokenImage/ART') } },
        flags: { is_spam: false },
      },
      direction: 'in',
      quantity: { numeric: '1' },
    });
    expect(second.data[0]!.transfers[0]).toMatchObject({
      fungible_info: { symbol: 'DEV' },
      direction: 'in',
      quantity: { numeric: '25' },
      price: 2.5,
      value: 62.5,
    });
  });

  it('the sender sees the same transfers as outgoing sends', async () => {
    const body = (await (await call(`/v1/account/${alice}/history`)).json()) as {
      data: { metadata: { operationType: string }; transfers: { direction: string }[] }[];
    };
    const send = body.data[0]!;
    expect(send.metadata.operationType).toBe('send');
    expect(send.transfers[0]!.direction).toBe('out');
  });

  it('refuses a cursor it did not issue', async () => {
    const res = await call(`/v1/account/${bob}/history`, { cursor: 'not-a-cursor' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'cursor: Invalid input' });
  });

  it('GET /v1/identity/{address} returns name and avatar (none on dev chains)', async () => {
    expect(await (await call(`/v1/identity/${alice}`)).json()).toEqual({ name: null, avatar: null });
  });

  it('POST /v1/fungible/price prices known tokens and the native currency', async () => {
    const res = await call(
      '/v1/fungible/price',
      {},
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          currency: 'usd',
          projectId: 'dev',
          addresses: [
            `eip155:31337:${dev}`,
            'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
            'eip155:31337:0x000000000000000000000000000000000000dEaD',
          ],
        }),
      },
    );
    expect(await res.json()).toEqual({
      fungibles: [
        { name: 'Dev Token', symbol: 'DEV', iconUrl: `${baseUrl}/public/getTokenImage/DEV?projectId=dev`, price: 2.5 },
        { name: 'Ether', symbol: 'ETH', iconUrl: `${baseUrl}/public/getTokenImage/ETH?projectId=dev`, price: 3000 },
      ],
    });
  });
});
