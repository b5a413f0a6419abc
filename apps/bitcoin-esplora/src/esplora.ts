import { hex } from '@scure/base';
import { OutScript } from '@scure/btc-signer';
import type { Chain, StoredOutput, StoredTx } from './chain.ts';

/** Esplora's `scriptpubkey_type` names of the output types btc-signer decodes. */
const TYPE_NAMES: Record<string, string> = {
  pkh: 'p2pkh',
  sh: 'p2sh',
  wpkh: 'v0_p2wpkh',
  wsh: 'v0_p2wsh',
  tr: 'v1_p2tr',
  pk: 'p2pk',
  ms: 'multisig',
};

const scriptType = (script: Uint8Array): string => {
  if (script[0] === 0x6a) return 'op_return';
  try {
    return TYPE_NAMES[OutScript.decode(script).type] ?? 'unknown';
  } catch {
    return 'unknown';
  }
};

/** An output in Esplora's shape (`value` in satoshis, a JSON number). */
const outputJson = (o: StoredOutput) => ({
  scriptpubkey: hex.encode(o.script),
  scriptpubkey_type: scriptType(o.script),
  ...(o.address ? { scriptpubkey_address: o.address } : {}),
  value: Number(o.amount),
});

/**
 * A transaction in Esplora's `GET /tx/:txid` shape: txid, version, locktime, vin (txid, vout,
 * prevout, scriptsig, witness as hex, is_coinbase, sequence), vout, size, weight, fee, status.
 */
export function txJson(t: StoredTx) {
  const vin = [];
  for (let i = 0; i < t.tx.inputsLength; i++) {
    const input = t.tx.getInput(i);
    const prev = t.prevOuts[i];
    vin.push({
      txid: prev?.txid ?? '0'.repeat(64),
      vout: prev?.vout ?? 0xffffffff,
      prevout: prev ? outputJson(prev) : null,
      scriptsig: hex.encode(input.finalScriptSig ?? new Uint8Array()),
      witness: (input.finalScriptWitness ?? []).map((w) => hex.encode(w)),
      is_coinbase: t.coinbase,
      sequence: input.sequence ?? 0xffffffff,
    });
  }
  return {
    txid: t.txid,
    version: t.tx.version,
    locktime: t.tx.lockTime,
    vin,
    vout: t.outputs.map(outputJson),
    size: t.raw.length,
    weight: t.tx.weight,
    fee: Number(t.fee),
    status: t.status,
  };
}

/** Esplora's funded/spent counters of one address, over a set of transactions. */
const stats = (address: string, list: StoredTx[]) => {
  let funded_txo_count = 0;
  let funded_txo_sum = 0n;
  let spent_txo_count = 0;
  let spent_txo_sum = 0n;
  for (const t of list) {
    for (const o of t.outputs) {
      if (o.address !== address) continue;
      funded_txo_count++;
      funded_txo_sum += o.amount;
    }
    for (const p of t.prevOuts) {
      if (p.address !== address) continue;
      spent_txo_count++;
      spent_txo_sum += p.amount;
    }
  }
  return {
    funded_txo_count,
    funded_txo_sum: Number(funded_txo_sum),
    spent_txo_count,
    spent_txo_sum: Number(spent_txo_sum),
    tx_count: list.length,
  };
};

/** The transactions that pay or spend `address`, newest first (mempool first, like Esplora). */
export const addressTxs = (chain: Chain, address: string): StoredTx[] =>
  [...chain.txs.values()]
    .filter((t) => t.outputs.some((o) => o.address === address) || t.prevOuts.some((p) => p.address === address))
    .sort((a, b) => {
      const ha = a.status.confirmed ? a.status.block_height : Number.POSITIVE_INFINITY;
      const hb = b.status.confirmed ? b.status.block_height : Number.POSITIVE_INFINITY;
      return hb - ha || b.seq - a.seq;
    });

/**
 * `GET /address/:address`: `chain_stats` over confirmed transactions and `mempool_stats` over
 * unconfirmed ones. The confirmed balance is `chain_stats.funded_txo_sum − spent_txo_sum`; the
 * unconfirmed change is the same over `mempool_stats` (negative when the mempool spends).
 */
export function addressJson(chain: Chain, address: string) {
  const list = addressTxs(chain, address);
  return {
    address,
    chain_stats: stats(
      address,
      list.filter((t) => t.status.confirmed),
    ),
    mempool_stats: stats(
      address,
      list.filter((t) => !t.status.confirmed),
    ),
  };
}

/**
 * `GET /address/:address/utxo`: the outputs to `address` not spent by any transaction (mempool
 * included, like Esplora), each `{ txid, vout, value, status }`.
 */
export function utxoJson(chain: Chain, address: string) {
  const utxos = [];
  for (const t of addressTxs(chain, address))
    for (const [vout, o] of t.outputs.entries())
      if (o.address === address && !o.spentBy)
        utxos.push({ txid: t.txid, vout, value: Number(o.amount), status: t.status });
  return utxos;
}
