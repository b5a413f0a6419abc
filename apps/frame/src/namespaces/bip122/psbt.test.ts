import { BIP122_NETWORKS, BIP122_REGTEST_CAIP_NETWORK_ID } from '@airlock/protocol/bip122';
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { hexToBytes } from '@noble/hashes/utils';
import { Address, OutScript, Transaction, p2pkh, p2sh, p2tr, p2wpkh } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import {
  Bip122SendMessage,
  btcSignerNetwork,
  finalizeChecked,
  formatFeeRate,
  parseFeeRate,
  planBip122Send,
  spendInfo,
  type Bip122Coin,
} from './psbt.ts';

const CHAIN = BIP122_REGTEST_CAIP_NETWORK_ID;
const NET = btcSignerNetwork(CHAIN)!;
/** Regtest dev account 0's payment key (apps/bitcoin-esplora: sha256 of `<seed>/account/0/payment`). */
const KEY = sha256(new TextEncoder().encode('airlock-dev-bitcoin/account/0/payment'));
const PUB = secp256k1.getPublicKey(KEY, true);
const FROM = p2wpkh(PUB, NET).address!;
/** Account 1's payment address. */
const TO = 'bcrt1q0hwg3vrapy23kj4e8esjuscz8s9chnf8mt444s';
const coin = (value: number, n: number): Bip122Coin => ({
  txid: n.toString(16).padStart(64, '0'),
  vout: n,
  value,
  confirmed: true,
});
const COINS = [coin(50_000_000, 1), coin(50_000_000, 2), coin(10_000, 3)];

describe('planBip122Send (Send BTC’s PSBT from the API’s coins)', () => {
  it('pays the amount, returns the change, and the signed transaction pays at least the chosen rate', () => {
    expect(FROM).toBe('bcrt1qt3snut5dqmen4ja6msewes2vym9qmg3kqpswjr');
    const built = planBip122Send({
      from: { address: FROM, publicKey: PUB },
      to: TO,
      amount: 1_234_567n,
      feeRateTenths: 30n,
      coins: COINS,
      caipNetworkId: CHAIN,
    });
    if (!built.ok) throw new Error(built.message.text);
    const { plan } = built;
    const tx = Transaction.fromPSBT(plan.psbt);
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));
    const paid = outputs.find((o) => o.amount === 1_234_567n)!;
    expect(paid.script).toEqual(OutScript.encode(Address(NET).decode(TO)));
    expect(outputs.map((o) => o.amount).sort()).toEqual([1_234_567n, plan.change].sort());
    expect(plan.signIndexes).toEqual(Array.from({ length: tx.inputsLength }, (_, i) => i));
    const inputs = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i).witnessUtxo!.amount).reduce(
      (a, b) => a + b,
    );
    expect(inputs - 1_234_567n - plan.change).toBe(plan.fee);
    tx.sign(KEY);
    tx.finalize();
    expect(tx.fee).toBe(plan.fee);
    // The estimate counts signatures at their largest: the real size is not above it.
    expect(tx.vsize).toBeLessThanOrEqual(plan.vsize);
    expect(plan.fee).toBe(BigInt(plan.vsize) * 3n);
    expect(plan.fee >= BigInt(tx.vsize) * 3n).toBe(true);
  });

  it('a custom rate with one decimal pays exactly its fee (rounded up to a satoshi), the rest back as change', () => {
    const built = planBip122Send({
      from: { address: FROM, publicKey: PUB },
      to: TO,
      amount: 1_234_567n,
      feeRateTenths: 25n,
      coins: COINS,
      caipNetworkId: CHAIN,
    });
    if (!built.ok) throw new Error(built.message.text);
    const { plan } = built;
    expect(plan.fee).toBe((BigInt(plan.vsize) * 25n + 9n) / 10n);
    const tx = Transaction.fromPSBT(plan.psbt);
    tx.sign(KEY);
    tx.finalize();
    expect(tx.fee).toBe(plan.fee);
    expect(tx.vsize).toBeLessThanOrEqual(plan.vsize);
    expect(plan.fee * 10n >= BigInt(tx.vsize) * 25n).toBe(true);
  });

  it('Max spends every confirmed coin to the recipient alone: amount = their sum less the fee, no change', () => {
    const coins = [...COINS, { ...coin(70_000, 4), confirmed: false }];
    const built = planBip122Send({
      from: { address: FROM, publicKey: PUB },
      to: TO,
      amount: 'max',
      feeRateTenths: 35n,
      coins,
      caipNetworkId: CHAIN,
    });
    if (!built.ok) throw new Error(built.message.text);
    const { plan } = built;
    const tx = Transaction.fromPSBT(plan.psbt);
    expect(tx.inputsLength).toBe(3); // the unconfirmed coin is not spent
    expect(tx.outputsLength).toBe(1);
    expect(tx.getOutput(0).amount).toBe(plan.amount);
    expect(plan.change).toBe(0n);
    expect(plan.amount + plan.fee).toBe(100_010_000n);
    expect(plan.fee).toBe((BigInt(plan.vsize) * 35n + 9n) / 10n);
    tx.sign(KEY);
    tx.finalize();
    expect(tx.fee).toBe(plan.fee);
    expect(tx.vsize).toBeLessThanOrEqual(plan.vsize);
    // Nothing confirmed to spend, or not enough for the fee: refused.
    const none = planBip122Send({
      from: { address: FROM, publicKey: PUB },
      to: TO,
      amount: 'max',
      feeRateTenths: 10n,
      coins: [{ ...coin(70_000, 4), confirmed: false }],
      caipNetworkId: CHAIN,
    });
    expect(none).toEqual({ ok: false, message: Bip122SendMessage.InsufficientBalance });
  });

  it('parses and shows custom fee rates: at least 1 sat/vB, at most one decimal', () => {
    expect(parseFeeRate('1')).toBe(10n);
    expect(parseFeeRate(' 2.5 ')).toBe(25n);
    expect(parseFeeRate('12.0')).toBe(120n);
    for (const bad of ['', '0.9', '0', '1.25', '-2', '1e2', '2.', '.5', 'abc']) expect(parseFeeRate(bad)).toBeNull();
    expect(formatFeeRate(25n)).toBe('2.5');
    expect(formatFeeRate(30n)).toBe('3');
  });

  it('refuses what cannot be sent: more than the coins, dust, a recipient of another network, a legacy payment address', () => {
    const base = {
      from: { address: FROM, publicKey: PUB },
      to: TO,
      feeRateTenths: 20n,
      coins: COINS,
      caipNetworkId: CHAIN,
    };
    expect(planBip122Send({ ...base, amount: 100_010_000n })).toEqual({
      ok: false,
      message: Bip122SendMessage.InsufficientBalance,
    });
    expect(planBip122Send({ ...base, amount: 545n })).toEqual({ ok: false, message: Bip122SendMessage.BelowDust });
    expect(planBip122Send({ ...base, amount: 10_000n, to: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' })).toEqual({
      ok: false,
      message: Bip122SendMessage.InvalidAddress,
    });
    expect(
      planBip122Send({ ...base, amount: 10_000n, from: { address: p2pkh(PUB, NET).address!, publicKey: PUB } }),
    ).toEqual({ ok: false, message: Bip122SendMessage.UnsupportedAddress });
  });

  it('knows how taproot and nested segwit payment addresses spend, only with the key that makes the address', () => {
    const xonly = PUB.slice(1);
    const taproot = p2tr(xonly, undefined, NET).address!;
    expect(spendInfo(taproot, PUB, CHAIN)?.tapInternalKey).toEqual(xonly);
    expect(spendInfo(taproot, secp256k1.getPublicKey(new Uint8Array(32).fill(7), true), CHAIN)).toBeNull();
    expect(spendInfo(taproot, undefined, CHAIN)).toBeNull();
    const nested = p2sh(p2wpkh(PUB, NET), NET);
    expect(spendInfo(nested.address!, PUB, CHAIN)?.redeemScript).toEqual(nested.redeemScript);
    expect(spendInfo(FROM, undefined, BIP122_NETWORKS.mainnet.caipNetworkId)).toBeNull();
  });
});

describe('finalizeChecked (a PSBT the wallet signed, before the frame broadcasts it)', () => {
  const build = () => {
    const built = planBip122Send({
      from: { address: FROM, publicKey: PUB },
      to: TO,
      amount: 50_000n,
      feeRateTenths: 20n,
      coins: COINS,
      caipNetworkId: CHAIN,
    });
    if (!built.ok) throw new Error(built.message.text);
    return built.plan;
  };

  it('finalizes the reviewed transaction once signed', () => {
    const plan = build();
    const signed = Transaction.fromPSBT(plan.psbt);
    signed.sign(KEY);
    const hex = finalizeChecked(plan.psbt, signed.toPSBT());
    expect(Transaction.fromRaw(hexToBytes(hex)).outputsLength).toBe(signed.outputsLength);
  });

  it('refuses a signed PSBT whose outputs the wallet changed (another recipient or amount)', () => {
    const plan = build();
    const unsigned = Transaction.fromPSBT(plan.psbt);
    const tampered = new Transaction();
    for (let i = 0; i < unsigned.inputsLength; i++) tampered.addInput(unsigned.getInput(i));
    for (let i = 0; i < unsigned.outputsLength; i++) {
      const out = unsigned.getOutput(i);
      tampered.addOutput({ script: out.script!, amount: out.amount === 50_000n ? 40_000n : out.amount! });
    }
    tampered.sign(KEY);
    expect(() => finalizeChecked(plan.psbt, tampered.toPSBT())).toThrow('The wallet changed the transaction');
  });
});
