import { bip122AddressParams, parseBip122Address } from '@airlock/protocol/bip122';
import { Bip122SendMessage } from './messages.ts';
import { Address, OutScript, Transaction, p2sh, p2tr, p2wpkh, selectUTXO } from '@scure/btc-signer';

/**
 * The PSBT (BIP-174) of Send BTC, built with `@scure/btc-signer` from the coins the provider API
 * lists: the payment address pays the recipient, the change goes back to it, the fee is the
 * chosen rate times the transaction's estimated size (signatures counted at their largest, so
 * the signed transaction never pays less than the rate). Pure.
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

/**
 * Builds the send: coin selection by btc-signer (`selectUTXO` 'default': an exact match without
 * change when one exists, else the largest coins first), outputs in BIP-69 order, the change to
 * `from.address` unless it would be dust.
 * @param input.from the payment address and its public key (from the wallet's accounts)
 * @param input.to the recipient, valid on `caipNetworkId`
 * @param input.amount satoshis, at least {@link MIN_SEND_SATS}
 * @param input.feeRate sat/vB, at least 1
 * @returns the plan, or the message of why it cannot be built ({@link Bip122SendMessage})
 */
export function planBip122Send(input: {
  from: { address: string; publicKey?: Uint8Array | undefined };
  to: string;
  amount: bigint;
  feeRate: bigint;
  coins: readonly Bip122Coin[];
  caipNetworkId: string;
}): { ok: true; plan: Bip122SendPlan } | { ok: false; message: string } {
  const { from, to, amount, feeRate, coins, caipNetworkId } = input;
  const network = btcSignerNetwork(caipNetworkId);
  if (!network || !parseBip122Address(to, caipNetworkId).ok)
    return { ok: false, message: Bip122SendMessage.InvalidAddress };
  if (amount < MIN_SEND_SATS) return { ok: false, message: Bip122SendMessage.BelowDust };
  const spend = spendInfo(from.address, from.publicKey, caipNetworkId);
  if (!spend) return { ok: false, message: Bip122SendMessage.UnsupportedAddress };
  const { script, ...keys } = spend;
  const utxos = coins.map((coin) => ({
    txid: coin.txid,
    index: coin.vout,
    witnessUtxo: { script, amount: BigInt(coin.value) },
    ...keys,
  }));
  let selected: ReturnType<typeof selectUTXO>;
  try {
    selected = selectUTXO(utxos, [{ address: to, amount }], 'default', {
      changeAddress: from.address,
      feePerByte: feeRate < 1n ? 1n : feeRate,
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
  const change = selected.change
    ? selected.outputs.filter((o) => 'address' in o && o.address === from.address).reduce((s, o) => s + o.amount, 0n)
    : 0n;
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
  const same = (a: Uint8Array | undefined, b: Uint8Array | undefined) =>
    !!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]);
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
  if (changed) throw new Error(Bip122SendMessage.WalletChanged);
  after.finalize();
  return after.hex;
}
