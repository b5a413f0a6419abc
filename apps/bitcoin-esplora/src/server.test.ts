import { secp256k1 } from '@noble/curves/secp256k1';
import { OutScript, p2tr, p2wpkh, SigHash, Transaction } from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGTEST } from './devAccounts.ts';
import { type BitcoinEsplora, startBitcoinEsplora } from './server.ts';

let esplora: BitcoinEsplora;
beforeAll(async () => {
  esplora = await startBitcoinEsplora({ port: 0, blockIntervalMs: 0 });
});
afterAll(() => esplora?.stop());

const get = async (path: string) => {
  const res = await fetch(`${esplora.url}${path}`);
  const body = await res.text();
  return { status: res.status, body, json: () => JSON.parse(body) };
};
const post = async (path: string, body: string) => {
  const res = await fetch(`${esplora.url}${path}`, { method: 'POST', body });
  return { status: res.status, body: await res.text() };
};

type Utxo = { txid: string; vout: number; value: number; status: { confirmed: boolean } };

/**
 * Spends every UTXO of dev account `index` (payment p2wpkh and ordinals p2tr) to `to`, with
 * change back to the payment address, signed by @scure/btc-signer like a wallet.
 */
const spendAll = async (
  index: number,
  to: string,
  amount: bigint,
  fee = 500n,
  keys?: { payment?: Uint8Array; ordinals?: Uint8Array },
) => {
  const account = esplora.devAccounts[index]!;
  const payment = p2wpkh(account.payment.publicKey, REGTEST);
  const ordinals = p2tr(account.ordinals.publicKey, undefined, REGTEST);
  const tx = new Transaction();
  let total = 0n;
  for (const [spend, address] of [
    [payment, account.payment.address],
    [ordinals, account.ordinals.address],
  ] as const) {
    const utxos: Utxo[] = (await get(`/address/${address}/utxo`)).json();
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
  tx.addOutputAddress(account.payment.address, total - amount - fee, REGTEST);
  tx.sign(keys?.payment ?? account.payment.privateKey);
  tx.sign(keys?.ordinals ?? account.ordinals.privateKey);
  tx.finalize();
  return tx;
};

describe('bitcoin-esplora (regtest stand-in, Esplora API)', () => {
  it('starts at block 1 with every dev account funded and confirmed', async () => {
    expect((await get('/blocks/tip/height')).body).toBe('1');
    expect((await get('/block-height/0')).body).toBe(
      '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    );
    const account = esplora.devAccounts[3]!;
    const stats = (await get(`/api/address/${account.payment.address}`)).json();
    expect(stats.chain_stats).toMatchObject({ funded_txo_count: 2, funded_txo_sum: 100_000_000, spent_txo_sum: 0 });
    expect(stats.mempool_stats).toMatchObject({ funded_txo_sum: 0, tx_count: 0 });
    const utxos: Utxo[] = (await get(`/address/${account.ordinals.address}/utxo`)).json();
    expect(utxos).toEqual([
      expect.objectContaining({
        vout: expect.any(Number),
        value: 10_000,
        status: expect.objectContaining({ confirmed: true, block_height: 1 }),
      }),
    ]);
    const funding = (await get(`/tx/${utxos[0]!.txid}`)).json();
    expect(funding.vin[0]).toMatchObject({ is_coinbase: true, prevout: null });
    expect(funding.vout[utxos[0]!.vout]).toMatchObject({
      scriptpubkey_type: 'v1_p2tr',
      scriptpubkey_address: account.ordinals.address,
    });
  });

  it('accepts a transaction whose p2wpkh and p2tr inputs are signed by their keys; balances move, then confirm', async () => {
    const to = esplora.devAccounts[1]!.payment.address;
    const from = esplora.devAccounts[0]!;
    const tx = await spendAll(0, to, 12_345n, 700n);
    const sent = await post('/tx', tx.hex);
    expect(sent).toEqual({ status: 200, body: tx.id });
    const mine = (await get(`/address/${from.payment.address}`)).json();
    // Spent 1 BTC + 10,000 sats (ordinals), got back the change: the mempool shows the difference.
    expect(mine.mempool_stats.spent_txo_sum - mine.mempool_stats.funded_txo_sum).toBe(
      100_000_000 - (100_010_000 - 12_345 - 700),
    );
    const record = (await get(`/tx/${tx.id}`)).json();
    expect(record).toMatchObject({ fee: 700, status: { confirmed: false } });
    expect(
      record.vin.map((v: { prevout: { scriptpubkey_type: string } }) => v.prevout.scriptpubkey_type).sort(),
    ).toEqual(['v0_p2wpkh', 'v0_p2wpkh', 'v1_p2tr']);
    const receiver = (await get(`/address/${to}/txs`)).json();
    expect(receiver[0].txid).toBe(tx.id);
    const block = JSON.parse((await post('/regtest/mine', '')).body);
    expect(block.txids).toEqual([tx.id]);
    expect((await get(`/tx/${tx.id}/status`)).json()).toMatchObject({ confirmed: true, block_height: block.height });
    const after = (await get(`/address/${to}`)).json();
    expect(after.chain_stats.funded_txo_sum).toBe(100_000_000 + 12_345);
    expect((await get(`/tx/${tx.id}/hex`)).body).toBe(tx.hex);
  });

  it('refuses an input signed by another key, a tampered signature, and a double spend (nothing changes)', async () => {
    const to = esplora.devAccounts[0]!.payment.address;
    const stranger = esplora.devAccounts[3]!;
    const before = (await get(`/address/${esplora.devAccounts[2]!.payment.address}/utxo`)).json();
    // Account 2's coins signed with account 3's keys: btc-signer refuses to sign, so sign a copy as if.
    const wrongKey = await spendAll(2, to, 1000n, 500n, {
      ordinals: stranger.ordinals.privateKey,
      payment: stranger.payment.privateKey,
    }).catch((e: Error) => e);
    expect(wrongKey).toBeInstanceOf(Error);
    // So forge it at the byte level: a valid transaction whose first witness signature is altered.
    const good = await spendAll(2, to, 1000n);
    const forged = Transaction.fromRaw(good.toBytes(true, true));
    const witness = forged.getInput(0).finalScriptWitness!;
    const signature = Uint8Array.from(witness[0]!);
    signature[10]! ^= 1;
    forged.updateInput(0, { finalScriptWitness: [signature, ...witness.slice(1)] }, true);
    const refused = await post('/tx', forged.hex);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatch(/sendrawtransaction RPC error: .*"code":-26.*input 0: /);
    // The taproot input's signature altered.
    const forgedTr = Transaction.fromRaw(good.toBytes(true, true));
    const last = forgedTr.inputsLength - 1;
    const trSig = Uint8Array.from(forgedTr.getInput(last).finalScriptWitness![0]!);
    trSig[3]! ^= 1;
    forgedTr.updateInput(last, { finalScriptWitness: [trSig] }, true);
    expect((await post('/tx', forgedTr.hex)).body).toMatch(/Invalid Schnorr signature/);
    expect((await get(`/address/${esplora.devAccounts[2]!.payment.address}/utxo`)).json()).toEqual(before);
    // The genuine one passes once; the same transaction again is known, another spending the same coins conflicts.
    const rival = await spendAll(2, to, 2000n);
    expect((await post('/tx', good.hex)).status).toBe(200);
    expect((await post('/tx', good.hex)).body).toMatch(/"code":-27/);
    expect((await post('/tx', rival.hex)).body).toMatch(/txn-mempool-conflict/);
  });

  it('refuses garbage (-22), unknown inputs (-25), outputs above inputs and a fee below 1 sat/vB', async () => {
    expect((await post('/tx', 'zz')).body).toMatch(/"code":-22/);
    const account = esplora.devAccounts[1]!;
    const spend = p2wpkh(account.payment.publicKey, REGTEST);
    const unknown = new Transaction();
    unknown.addInput({ txid: 'ab'.repeat(32), index: 0, witnessUtxo: { script: spend.script, amount: 5000n } });
    unknown.addOutputAddress(account.payment.address, 4000n, REGTEST);
    unknown.sign(account.payment.privateKey);
    unknown.finalize();
    expect((await post('/tx', unknown.hex)).body).toMatch(/"code":-25/);
    const [utxo] = (await get(`/address/${account.payment.address}/utxo`)).json() as Utxo[];
    /** Signs by hand (BIP-143 digest, ECDSA): btc-signer itself refuses to sign outputs above inputs. */
    const build = (out: bigint, claimed: bigint) => {
      const tx = new Transaction();
      tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: spend.script, amount: claimed } });
      tx.addOutputAddress(account.payment.address, out, REGTEST);
      const scriptCode = OutScript.encode({ type: 'pkh', hash: spend.hash });
      const digest = tx.preimageWitnessV0(0, scriptCode, SigHash.ALL, claimed);
      const signature = secp256k1.sign(digest, account.payment.privateKey).toDERRawBytes();
      tx.updateInput(
        0,
        { finalScriptWitness: [Uint8Array.from([...signature, SigHash.ALL]), account.payment.publicKey] },
        true,
      );
      return tx;
    };
    // Claiming a larger input amount in the signature: the BIP-143 digest differs, so the signature fails.
    expect((await post('/tx', build(BigInt(utxo!.value) + 1000n, BigInt(utxo!.value) + 2000n).hex)).body).toMatch(
      /mandatory-script-verify-flag-failed/,
    );
    expect((await post('/tx', build(BigInt(utxo!.value) + 1n, BigInt(utxo!.value)).hex)).body).toMatch(
      /bad-txns-in-belowout/,
    );
    expect((await post('/tx', build(BigInt(utxo!.value) - 10n, BigInt(utxo!.value)).hex)).body).toMatch(
      /min relay fee not met/,
    );
  });

  it('serves the confirmed history in pages of 25 after a txid, and funds through its faucet', async () => {
    const address = esplora.devAccounts[3]!.payment.address;
    for (let i = 0; i < 27; i++) await post('/regtest/fund', JSON.stringify({ address, amount: 1000 + i }));
    expect((await get(`/address/${address}/txs/mempool`)).json()).toHaveLength(27);
    await post('/regtest/mine', '');
    const first = (await get(`/address/${address}/txs/chain`)).json();
    expect(first).toHaveLength(25);
    const second = (await get(`/address/${address}/txs/chain/${first.at(-1).txid}`)).json();
    expect(second.map((t: { txid: string }) => t.txid)).not.toContain(first[0].txid);
    expect(first.length + second.length).toBe(28);
    expect((await post('/regtest/fund', JSON.stringify({ address: 'bc1qnotregtest', amount: 1000 }))).status).toBe(400);
    expect((await get('/address/1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).status).toBe(400);
    expect((await get(`/tx/${'0'.repeat(64)}`)).status).toBe(404);
  });
});
