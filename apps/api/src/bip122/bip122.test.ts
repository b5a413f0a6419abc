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

describe('what a bip122 send needs (fee rates, coins, broadcast) from an Esplora backend', () => {
  const post = async (path: string, body: unknown, params: Record<string, string> = { chainId: CHAIN }) => {
    const res = await fetch(`${baseUrl}${path}?${new URLSearchParams({ projectId: 'dev', ...params })}`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('GET /v1/convert/gas-price?chainId=bip122:… answers sat/vB for 6, 3 and 1 blocks, rounded up; 400 for an unserved network', async () => {
    // The stand-in's table: 6 blocks 2, 3 blocks 3, 1 block 4.2.
    expect(await call('/v1/convert/gas-price', { chainId: CHAIN })).toEqual({
      status: 200,
      body: { standard: '2', fast: '3', instant: '5' },
    });
    expect(await call('/v1/convert/gas-price', { chainId: BIP122_NETWORKS.mainnet.caipNetworkId })).toEqual({
      status: 400,
      body: { message: 'Network not supported for Gas Price' },
    });
    expect((await call('/v1/convert/gas-price', { chainId: BIP122_NETWORKS.testnet.caipNetworkId })).status).toBe(502);
  });

  it('GET /v1/account/{address}/utxo: the coins the address can spend, largest first, with their status', async () => {
    const address = esplora.devAccounts[3]!.payment.address;
    await fetch(`${esplora.url}/regtest/fund`, { method: 'POST', body: JSON.stringify({ address, amount: 7_000 }) });
    const { status, body } = await call(`/v1/account/${address}/utxo`, { chainId: CHAIN });
    expect(status).toBe(200);
    expect(body.utxos.map((u: any) => [u.value, u.confirmed])).toEqual([
      [50_000_000, true],
      [50_000_000, true],
      [7_000, false],
    ]);
    expect(body.utxos[0]).toEqual({
      txid: expect.stringMatching(/^[0-9a-f]{64}$/),
      vout: expect.any(Number),
      value: 50_000_000,
      confirmed: true,
    });
    expect((await call('/v1/account/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/utxo', { chainId: CHAIN })).status).toBe(
      400,
    );
    expect(await call(`/v1/account/${address}/utxo`, { chainId: BIP122_NETWORKS.mainnet.caipNetworkId })).toEqual({
      status: 200,
      body: { utxos: [] },
    });
  });

  it('POST /v1/bip122/transaction broadcasts a signed transaction to the backend and answers the node’s refusal as 400', async () => {
    const a = esplora.devAccounts[3]!;
    const spend = p2wpkh(a.payment.publicKey, REGTEST);
    const [coin] = (await call(`/v1/account/${a.payment.address}/utxo`, { chainId: CHAIN })).body.utxos;
    const tx = new Transaction();
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: spend.script, amount: BigInt(coin.value) },
    });
    tx.addOutputAddress(esplora.devAccounts[2]!.payment.address, BigInt(coin.value) - 1_000n, REGTEST);
    tx.sign(a.payment.privateKey);
    tx.finalize();
    expect(await post('/v1/bip122/transaction', { hex: tx.hex })).toEqual({ status: 200, body: { txid: tx.id } });
    const seen = (await (await fetch(`${esplora.url}/tx/${tx.id}`)).json()) as { fee: number };
    expect(seen.fee).toBe(1_000);
    // The same coin again: the stand-in refuses it (already known), the API says why.
    const again = await post('/v1/bip122/transaction', { hex: tx.hex });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^The network refused the transaction: sendrawtransaction RPC error/);
    expect((await post('/v1/bip122/transaction', { hex: 'zz' })).status).toBe(400);
    expect(
      (await post('/v1/bip122/transaction', { hex: tx.hex }, { chainId: BIP122_NETWORKS.mainnet.caipNetworkId })).body,
    ).toEqual({ message: 'Network not supported' });
  });
});
