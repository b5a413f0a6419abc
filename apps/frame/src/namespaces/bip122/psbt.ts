import { bip122AddressParams, parseBip122Address } from '@airlock/protocol/bip122';
import { KeyedError, type ErrorText } from '../../i18n/errorKeys.ts';
import { Bip122SendMessage } from './messages.ts';
import { Address, OutScript, Transaction, p2sh, p2tr, p2wpkh, selectUTXO } from '@scure/btc-signer';

/**
 * The PSBT (BIP-174) of Send BTC, built with `@scure/btc-signer` from the coins the provider API
 * lists: the payment address pays the recipient, the change goes back to it, the fee is the
 * chosen rate times the transaction's estimated size (signatures counted at their largest, so
 * the signed transaction never pays less than the rate), rounded up to a whole satoshi. Rates are
 * in tenths of a sat/vB (a custom rate may have one decimal: 2.5 sat/vB is `25n`). Pure.
 */

/** A coin of the payment address as the provider API lists it (`GET /v1/account/{address}/utxo`), value in satoshis. */
export type Bip122Coin = { txid: string; vout: number; value: number; confirmed: boolean };

/** The smallest amount a send pays, satoshis (the dust limit of a legacy output: every output type is above dust at it). */
export const MIN_SEND_SATS = 546n;

/** A built send: the unsigned PSBT, the input indexes the payment address signs, and what moves (satoshis). */
export type Bip122SendPlan = {
  psbt: Uint8Array;
  /** Every input is the payment address's: all of them. */
  signIndexes: number[];
  amount: bigint;
  fee: bigint;
  /** What comes back to the payment address (0n when the remainder was dust and went to the fee). */
  change: bigint;
  /** The estimated virtual size the fee pays for, vbytes. */
  vsize: number;
};

export { Bip122SendMessage };

/** btc-signer's network parameters of a bip122 network (`bech32` hrp, base58 version bytes), or undefined for an unknown one. */
export function btcSignerNetwork(caipNetworkId: string) {
  const params = bip122AddressParams(caipNetworkId);
  return params ? { bech32: params.hrp, pubKeyHash: params.p2pkh, scriptHash: params.p2sh, wif: 0x80 } : undefined;
}

/**
 * How an input of `address` is spent, as btc-signer needs it for the estimate and the wallet for
 * signing: p2wpkh needs only the output script; p2tr the 32-byte x-only internal key (the
 * wallet's public key; a 33-byte key loses its first byte); p2sh the p2wpkh redeem script of a
 * 33-byte key (BIP-49 nested segwit). Each key must give the address back. Null for another type,
 * or without a matching key.
 */
export function spendInfo(
  address: string,
  publicKey: Uint8Array | undefined,
  caipNetworkId: string,
): { script: Uint8Array; tapInternalKey?: Uint8Array; redeemScript?: Uint8Array } | null {
  const network = btcSignerNetwork(caipNetworkId);
  const parsed = parseBip122Address(address, caipNetworkId);
  if (!network || !parsed.ok) return null;
  const script = OutScript.encode(Address(network).decode(address));
  if (parsed.type === 'p2wpkh') return { script };
  if (parsed.type === 'p2tr' && publicKey && (publicKey.length === 32 || publicKey.length === 33)) {
    const key = publicKey.length === 33 ? publicKey.slice(1) : publicKey;
    return p2tr(key, undefined, network).address === address ? { script, tapInternalKey: key } : null;
  }
  if (parsed.type === 'p2sh' && publicKey?.length === 33) {
    const nested = p2sh(p2wpkh(publicKey, network), network);
    return nested.address === address ? { script, redeemScript: nested.redeemScript! } : null;
  }
  return null;
}

/** A fee rate in sat/vB as text (`'2'`, `'2.5'`) → tenths of a sat/vB; null unless at least 1 with at most one decimal. Pure. */
export function parseFeeRate(text: string): bigint | null {
  const match = /^(\d{1,7})(?:\.(\d))?$/.exec(text.trim());
  if (!match) return null;
  const tenths = BigInt(match[1]!) * 10n + BigInt(match[2] ?? '0');
  return tenths >= 10n ? tenths : null;
}

/** Tenths of a sat/vB as text (`25n` → `'2.5'`, `30n` → `'3'`). Pure. */
export const formatFeeRate = (tenths: bigint): string =>
  `${tenths / 10n}${tenths % 10n === 0n ? '' : `.${tenths % 10n}`}`;

/** The fee of `vsize` vbytes at `tenths` tenths of a sat/vB, rounded up to a whole satoshi. */
const feeOf = (vsize: number, tenths: bigint) => (BigInt(vsize) * tenths + 9n) / 10n;

/**
 * Builds the send: coin selection by btc-signer (`selectUTXO` 'default': an exact match without
 * change when one exists, else the largest coins first), outputs in BIP-69 order, the change to
 * `from.address` unless it would be dust. With `amount: 'max'` it spends every confirmed coin
 * (btc-signer's 'all'; a coin worth less than its own input's cost is left) to the recipient
 * alone: the amount is their sum less the fee, no change output.
 * @param input.from the payment address and its public key (from the wallet's accounts)
 * @param input.to the recipient, valid on `caipNetworkId`
 * @param input.amount satoshis, at least {@link MIN_SEND_SATS}, or `'max'`
 * @param input.feeRateTenths tenths of a sat/vB, at least 10 (1 sat/vB)
 * @returns the plan, or the message of why it cannot be built ({@link Bip122SendMessage})
 */
export function planBip122Send(input: {
  from: { address: string; publicKey?: Uint8Array | undefined };
  to: string;
  amount: bigint | 'max';
  feeRateTenths: bigint;
  coins: readonly Bip122Coin[];
  caipNetworkId: string;
}): { ok: true; plan: Bip122SendPlan } | { ok: false; message: ErrorText } {
  const { from, to, amount, coins, caipNetworkId } = input;
  const tenths = input.feeRateTenths < 10n ? 10n : input.feeRateTenths;
  const network = btcSignerNetwork(caipNetworkId);
  if (!network || !parseBip122Address(to, caipNetworkId).ok)
    return { ok: false, message: Bip122SendMessage.InvalidAddress };
  if (amount !== 'max' && amount < MIN_SEND_SATS) return { ok: false, message: Bip122SendMessage.BelowDust };
  const spend = spendInfo(from.address, from.publicKey, caipNetworkId);
  if (!spend) return { ok: false, message: Bip122SendMessage.UnsupportedAddress };
  const { script, ...keys } = spend;
  const utxos = (amount === 'max' ? coins.filter((c) => c.confirmed) : coins).map((coin) => ({
    txid: coin.txid,
    index: coin.vout,
    witnessUtxo: { script, amount: BigInt(coin.value) },
    ...keys,
  }));
  if (amount === 'max') return planMax(utxos, to, tenths, network);
  // Coins are chosen at the rate rounded up to whole sat/vB (btc-signer counts whole ones); a rate
  // with a decimal then pays its own fee, the rest going to the change output.
  let selected: ReturnType<typeof selectUTXO>;
  try {
    selected = selectUTXO(utxos, [{ address: to, amount }], 'default', {
      changeAddress: from.address,
      feePerByte: (tenths + 9n) / 10n,
      bip69: true,
      createTx: true,
      network,
    });
  } catch {
    selected = undefined;
  }
  const tx: Transaction | undefined = selected?.tx;
  if (!selected || !tx || selected.fee === undefined)
    return { ok: false, message: Bip122SendMessage.InsufficientBalance };
  const changeAt = selected.change
    ? Array.from({ length: tx.outputsLength }, (_, i) => i).find(
        (i) =>
          tx.getOutput(i).amount !== amount ||
          !same(tx.getOutput(i).script, OutScript.encode(Address(network).decode(to))),
      )
    : undefined;
  if (changeAt !== undefined && tenths % 10n !== 0n) {
    const inputs = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i).witnessUtxo!.amount);
    const total = inputs.reduce((a, b) => a + b, 0n);
    tx.updateOutput(changeAt, { amount: total - amount - feeOf(Math.ceil(selected.weight / 4), tenths) });
  }
  const change = changeAt === undefined ? 0n : tx.getOutput(changeAt).amount!;
  return {
    ok: true,
    plan: {
      psbt: tx.toPSBT(),
      signIndexes: Array.from({ length: tx.inputsLength }, (_, i) => i),
      amount,
      fee: tx.fee,
      change,
      vsize: Math.ceil(selected.weight / 4),
    },
  };
}

/** Max: every given coin to `to`, the fee at `tenths` for the size without change, no change. */
function planMax(
  utxos: Parameters<typeof selectUTXO>[0],
  to: string,
  tenths: bigint,
  network: NonNullable<ReturnType<typeof btcSignerNetwork>>,
): { ok: true; plan: Bip122SendPlan } | { ok: false; message: ErrorText } {
  const total = utxos.reduce((s, u) => s + u.witnessUtxo!.amount, 0n);
  // At 1 sat/vB the fee btc-signer estimates is the size: an output of the whole sum leaves no change.
  let probe: ReturnType<typeof selectUTXO>;
  try {
    probe = selectUTXO(utxos, [{ address: to, amount: total }], 'all', {
      changeAddress: to,
      feePerByte: 1n,
      createTx: false,
      network,
    });
  } catch {
    probe = undefined;
  }
  if (!probe || probe.fee === undefined || probe.inputs.length === 0)
    return { ok: false, message: Bip122SendMessage.InsufficientBalance };
  const vsize = Number(probe.fee);
  const fee = feeOf(vsize, tenths);
  const spent = probe.inputs.reduce((s, i) => s + i.witnessUtxo!.amount, 0n);
  const amount = spent - fee;
  if (amount < MIN_SEND_SATS) return { ok: false, message: Bip122SendMessage.InsufficientBalance };
  const tx = new Transaction();
  for (const i of probe.inputs) tx.addInput(i);
  tx.addOutputAddress(to, amount, network);
  return {
    ok: true,
    plan: {
      psbt: tx.toPSBT(),
      signIndexes: Array.from({ length: tx.inputsLength }, (_, i) => i),
      amount,
      fee,
      change: 0n,
      vsize,
    },
  };
}

const same = (a: Uint8Array | undefined, b: Uint8Array | undefined) =>
  !!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Checks a PSBT the wallet signed against the plan before the frame broadcasts it: the same
 * inputs (txid, index) and the same outputs (script, amount) in the same order, so a wallet
 * cannot send what the visitor did not review; then finalizes it.
 * @returns the raw transaction in hex
 * @throws Error 'The wallet changed the transaction' when it differs; btc-signer's error when it cannot be finalized.
 */
export function finalizeChecked(unsigned: Uint8Array, signed: Uint8Array): string {
  const before = Transaction.fromPSBT(unsigned);
  const after = Transaction.fromPSBT(signed);
  const changed =
    before.inputsLength !== after.inputsLength ||
    before.outputsLength !== after.outputsLength ||
    Array.from({ length: before.inputsLength }).some((_, i) => {
      const [x, y] = [before.getInput(i), after.getInput(i)];
      return x.index !== y.index || !same(x.txid, y.txid);
    }) ||
    Array.from({ length: before.outputsLength }).some((_, i) => {
      const [x, y] = [before.getOutput(i), after.getOutput(i)];
      return x.amount !== y.amount || !same(x.script, y.script);
    });
  if (changed) throw new KeyedError(Bip122SendMessage.WalletChanged);
  after.finalize();
  return after.hex;
}
