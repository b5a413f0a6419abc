import { type BitcoinEsplora, REGTEST, startBitcoinEsplora } from '@airlock/bitcoin-esplora';
import { BIP122_NETWORKS, BIP122_REGTEST_CAIP_NETWORK_ID } from '@airlock/protocol/bip122';
import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, createApi } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';

/**
 * The spec §7 balance and history calls for a Bitcoin network, over a real HTTP server, against
 * the regtest stand-in (apps/bitcoin-esplora) moved by real @scure/btc-signer transactions.
 */

let esplora: BitcoinEsplora;
let api: Api;
let baseUrl: string;
let paymentTxid: string;
const ORIGIN = 'http://localhost:15173';
const CHAIN = BIP122_REGTEST_CAIP_NETWORK_ID;

const call = async (path: string, params: Record<string, string> = {}) => {
  const res = await fetch(`${baseUrl}${path}?${new URLSearchParams({ projectId: 'dev', ...params })}`, {
    headers: { origin: ORIGIN },
  });
  return { status: res.status, body: (await res.json()) as any };
};

/** Account 0 pays `amount` to `to` from all its coins (payment and ordinals), change back, `fee` sats. */
const pay = async (to: string, amount: bigint, fee: bigint) => {
  const a = esplora.devAccounts[0]!;
  const payment = p2wpkh(a.payment.publicKey, REGTEST);
  const ordinals = p2tr(a.ordinals.publicKey, undefined, REGTEST);
  const tx = new Transaction();
  let total = 0n;
  for (const [spend, address] of [
    [payment, a.payment.address],
    [ordinals, a.ordinals.address],
  ] as const) {
    const utxos = (await (await fetch(`${esplora.url}/address/${address}/utxo`)).json()) as {
      txid: string;
      vout: number;
      value: number;
    }[];
    for (const u of utxos) {
      tx.addInput({
        txid: u.txid,
        index: u.vout,
        witnessUtxo: { script: spend.script, amount: BigInt(u.value) },
        ...('tapInternalKey' in spend ? { tapInternalKey: spend.tapInternalKey } : {}),
      });
      total += BigInt(u.value);
    }
  }
  tx.addOutputAddress(to, amount, REGTEST);
  tx.addOutputAddress(a.payment.address, total - amount - fee, REGTEST);
  tx.sign(a.payment.privateKey);
  tx.sign(a.ordinals.privateKey);
  tx.finalize();
  const res = await fetch(`${esplora.url}/tx`, { method: 'POST', body: tx.hex });
  expect(res.status).toBe(200);
  return tx.id;
};

beforeAll(async () => {
  esplora = await startBitcoinEsplora({ port: 0, blockIntervalMs: 0 });
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    bitcoin: [
      { caipNetworkId: CHAIN, esploraUrl: esplora.url },
      // A backend that is down (nothing listens on port 9).
      { caipNetworkId: BIP122_NETWORKS.testnet.caipNetworkId, esploraUrl: 'http://127.0.0.1:9' },
    ],
    seed: { projects: [{ id: 'dev', name: 'Dev', allowedOrigins: ['http://localhost:*'] }] },
    indexer: { autoStart: false },
    historyPageSize: 2,
    log: () => undefined,
  });
  baseUrl = await api.start();
  paymentTxid = await pay(esplora.devAccounts[1]!.payment.address, 150_000_000n - 100_000_000n + 12_345n, 1_000n);
}, 60_000);

afterAll(async () => {
  await Promise.all([api?.stop(), esplora?.stop()]);
  await dropTestDatabases();
});

describe('bip122 balances and history (spec §7) from an Esplora backend', () => {
  it('GET /v1/account/{address}/balance: BTC with its confirmed and unconfirmed parts, then confirmed after a block', async () => {
    const receiver = esplora.devAccounts[1]!.payment.address;
    const before = await call(`/v1/account/${receiver}/balance`, { chainId: CHAIN });
    expect(before.status).toBe(200);
    expect(before.body.balances).toEqual([
      expect.objectContaining({
        symbol: 'BTC',
        chainId: CHAIN,
        quantity: { decimals: '8', numeric: '1.50012345' },
        confirmed: '1',
        unconfirmed: '0.50012345',
      }),
    ]);
    expect(before.body.balances[0]).not.toHaveProperty('address');
    const sender = await call(`/v1/account/${esplora.devAccounts[0]!.payment.address}/balance`, { chainId: CHAIN });
    // Its two 0.5 BTC outputs spent, the change (1.0001 − 0.50012345 − 0.00001: the ordinals' 10,000 sats paid in too) back, unconfirmed.
    expect(sender.body.balances[0]).toMatchObject({ confirmed: '1', unconfirmed: '-0.50003345' });
    await fetch(`${esplora.url}/regtest/mine`, { method: 'POST' });
    const after = await call(`/v1/account/${receiver}/balance`, { chainId: CHAIN });
    expect(after.body.balances[0]).toMatchObject({ confirmed: '1.50012345', unconfirmed: '0' });
  });

  it('GET /v1/account/{address}/history: newest first, one BTC transfer per transaction, paged by txid', async () => {
    const sender = esplora.devAccounts[0]!.payment.address;
    const first = await call(`/v1/account/${sender}/history`, { chainId: CHAIN });
    expect(first.status).toBe(200);
    expect(first.body.data[0]).toMatchObject({
      id: paymentTxid,
      metadata: {
        operationType: 'send',
        hash: paymentTxid,
        sentFrom: sender,
        sentTo: esplora.devAccounts[1]!.payment.address,
        status: 'confirmed',
        nonce: 0,
        chain: CHAIN,
      },
      // The payment address's own change: an input came from the ordinals address, so the fee stays in.
      transfers: [expect.objectContaining({ direction: 'out', quantity: { numeric: '0.50003345' }, sender })],
    });
    expect(first.body.data[1]).toMatchObject({ metadata: { operationType: 'receive', sentFrom: '' } });
    expect(first.body.next).toBeNull();
    // Three payments to account 2, in the mempool: pages of 2, pending.
    for (const amount of [1000, 2000, 3000])
      await fetch(`${esplora.url}/regtest/fund`, {
        method: 'POST',
        body: JSON.stringify({ address: esplora.devAccounts[2]!.payment.address, amount }),
      });
    const receiver = esplora.devAccounts[2]!.payment.address;
    const page1 = await call(`/v1/account/${receiver}/history`, { chainId: CHAIN });
    expect(page1.body.data.map((i: any) => [i.metadata.status, i.transfers[0].quantity.numeric])).toEqual([
      ['pending', '0.00003'],
      ['pending', '0.00002'],
    ]);
    const page2 = await call(`/v1/account/${receiver}/history`, { chainId: CHAIN, cursor: page1.body.next });
    // Then its funding at start: two 0.5 BTC outputs in one transaction, confirmed; the last page.
    expect(page2.body.data.map((i: any) => [i.metadata.status, i.transfers[0].quantity.numeric])).toEqual([
      ['pending', '0.00001'],
      ['confirmed', '1'],
    ]);
    expect(page2.body.next).toBeNull();
  });

  it('refuses an address of another network or no address (400, nothing fetched), serves nothing for an unserved network', async () => {
    const mainnetAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    expect((await call(`/v1/account/${mainnetAddress}/balance`, { chainId: CHAIN })).status).toBe(400);
    expect((await call('/v1/account/nope/history', { chainId: CHAIN })).status).toBe(400);
    expect(
      await call(`/v1/account/${mainnetAddress}/balance`, { chainId: BIP122_NETWORKS.mainnet.caipNetworkId }),
    ).toEqual({
      status: 200,
      body: { balances: [] },
    });
    const cursor = await call(`/v1/account/${esplora.devAccounts[0]!.payment.address}/history`, {
      chainId: CHAIN,
      cursor: 'zz',
    });
    expect(cursor.status).toBe(400);
  });

  it('answers 502 when the operator’s backend is down', async () => {
    const testnetAddress = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7';
    const res = await call(`/v1/account/${testnetAddress}/balance`, { chainId: BIP122_NETWORKS.testnet.caipNetworkId });
    expect(res.status).toBe(502);
  });
});
