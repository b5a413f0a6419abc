import { sha256 } from '@noble/hashes/sha2';
import { hex } from '@scure/base';
import { Address, OutScript, RawTx, Transaction } from '@scure/btc-signer';
import { BIP122_REGTEST_GENESIS_HASH } from '@airlock/protocol/bip122';
import { REGTEST } from './devAccounts.ts';
import { type PrevOut, ScriptError, verifyInputs } from './verify.ts';

/** A refused transaction: Bitcoin Core's RPC error code and reject reason (what Esplora's `POST /tx` relays). */
export class RejectError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RejectError';
  }
}

/** Where a transaction is: in the mempool, or in a block. */
export type TxStatus =
  | { confirmed: false }
  | { confirmed: true; block_height: number; block_hash: string; block_time: number };

/** One output of a stored transaction, and the input that spends it (if any). */
export type StoredOutput = {
  script: Uint8Array;
  amount: bigint;
  address?: string;
  spentBy?: { txid: string; vin: number };
};

/** A stored transaction. `prevOuts` are the outputs its inputs spend (empty for a coinbase). */
export type StoredTx = {
  txid: string;
  raw: Uint8Array;
  tx: Transaction;
  coinbase: boolean;
  prevOuts: (StoredOutput & { txid: string; vout: number })[];
  outputs: StoredOutput[];
  fee: bigint;
  status: TxStatus;
  /** Order of arrival, to list the newest first. */
  seq: number;
};

/** A block of the stand-in: its hash is not a real header hash (no proof of work, no header). */
export type StoredBlock = { hash: string; height: number; time: number; previous?: string; txids: string[] };

/** Lowest fee rate `POST /tx` accepts, sat/vB (Bitcoin Core's default `minrelaytxfee`). */
export const MIN_FEE_RATE = 1;

const sha256d = (b: Uint8Array) => sha256(sha256(b));
const reverseHex = (b: Uint8Array) => hex.encode(Uint8Array.from(b).reverse());

/** The regtest address of an output script, or undefined (OP_RETURN, bare scripts). */
export const addressOf = (script: Uint8Array): string | undefined => {
  try {
    return Address(REGTEST).encode(OutScript.decode(script));
  } catch {
    return undefined;
  }
};

/**
 * The stand-in's chain: blocks, transactions, the mempool and who spent what. Not a node: no
 * headers, no proof of work, no reorgs, no coinbase maturity, no script interpreter beyond
 * {@link verifyInputs}.
 */
export function createChain(now: () => number = () => Math.floor(Date.now() / 1000)) {
  const blocks: StoredBlock[] = [{ hash: BIP122_REGTEST_GENESIS_HASH, height: 0, time: 1296688602, txids: [] }];
  const txs = new Map<string, StoredTx>();
  const mempool: string[] = [];
  let seq = 0;
  let coinbaseCount = 0;

  const store = (tx: Transaction, prevOuts: StoredTx['prevOuts'], coinbase: boolean): StoredTx => {
    const outputs: StoredOutput[] = [];
    for (let i = 0; i < tx.outputsLength; i++) {
      const { script, amount } = tx.getOutput(i);
      outputs.push({ script: script!, amount: amount!, address: addressOf(script!) });
    }
    const spent = prevOuts.reduce((s, p) => s + p.amount, 0n);
    const stored: StoredTx = {
      txid: tx.id,
      raw: tx.toBytes(true, true),
      tx,
      coinbase,
      prevOuts,
      outputs,
      fee: coinbase ? 0n : spent - outputs.reduce((s, o) => s + o.amount, 0n),
      status: { confirmed: false },
      seq: seq++,
    };
    txs.set(stored.txid, stored);
    mempool.push(stored.txid);
    prevOuts.forEach((p, vin) => {
      txs.get(p.txid)!.outputs[p.vout]!.spentBy = { txid: stored.txid, vin };
    });
    return stored;
  };

  return {
    blocks,
    txs,
    mempool,
    /** The newest block. */
    tip: (): StoredBlock => blocks.at(-1)!,

    /**
     * Pays `outputs` from nowhere, as a coinbase-shaped transaction (a null input whose
     * scriptSig holds a counter), into the mempool: how the stand-in funds the dev accounts and
     * answers its faucet. Nothing else may create coins.
     * @returns the txid
     */
    fund(outputs: { address: string; amount: bigint }[]): string {
      const scriptSig = new Uint8Array([4, ...new Uint8Array(new Uint32Array([++coinbaseCount]).buffer)]);
      const raw = RawTx.encode({
        version: 2,
        segwitFlag: false,
        inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: scriptSig, sequence: 0xffffffff }],
        outputs: outputs.map((o) => ({
          amount: o.amount,
          script: OutScript.encode(Address(REGTEST).decode(o.address)),
        })),
        witnesses: [],
        lockTime: 0,
      });
      return store(Transaction.fromRaw(raw, { allowUnknownInputs: true }), [], true).txid;
    },

    /**
     * Checks a raw transaction as a node's mempool would, within what the stand-in understands,
     * and accepts it into the mempool: decodes (-22), refuses one already known (-27), each input
     * must spend an existing unspent output (-25, outputs of mempool transactions count), each
     * input's signature must verify ({@link verifyInputs}, -26), outputs must not exceed inputs
     * and the fee rate must reach {@link MIN_FEE_RATE} (-26).
     * @returns the txid
     * @throws RejectError with Bitcoin Core's code and reason
     */
    accept(rawHex: string): string {
      let tx: Transaction;
      try {
        tx = Transaction.fromRaw(hex.decode(rawHex.trim().toLowerCase()), {
          allowUnknownOutputs: true,
          disableScriptCheck: true,
        });
      } catch {
        throw new RejectError(-22, 'TX decode failed');
      }
      if (tx.inputsLength === 0 || tx.outputsLength === 0) throw new RejectError(-26, 'bad-txns-vin-empty');
      if (txs.has(tx.id)) throw new RejectError(-27, 'Transaction already in block chain or mempool');
      const prevOuts: StoredTx['prevOuts'] = [];
      const seen = new Set<string>();
      for (let i = 0; i < tx.inputsLength; i++) {
        const input = tx.getInput(i);
        const txid = hex.encode(input.txid!);
        const vout = input.index!;
        const key = `${txid}:${vout}`;
        if (seen.has(key)) throw new RejectError(-26, 'bad-txns-inputs-duplicate');
        seen.add(key);
        const out = txs.get(txid)?.outputs[vout];
        if (!out) throw new RejectError(-25, 'bad-txns-inputs-missingorspent');
        if (out.spentBy)
          throw new RejectError(-26, `txn-mempool-conflict (input ${i} already spent by ${out.spentBy.txid})`);
        prevOuts.push({ ...out, txid, vout });
      }
      try {
        verifyInputs(tx, prevOuts as PrevOut[]);
      } catch (error) {
        if (error instanceof ScriptError)
          throw new RejectError(-26, `mandatory-script-verify-flag-failed (${error.message})`);
        throw error;
      }
      let out = 0n;
      for (let i = 0; i < tx.outputsLength; i++) out += tx.getOutput(i).amount!;
      const fee = prevOuts.reduce((s, p) => s + p.amount, 0n) - out;
      if (fee < 0n) throw new RejectError(-26, 'bad-txns-in-belowout');
      if (fee < BigInt(Math.ceil(tx.vsize * MIN_FEE_RATE)))
        throw new RejectError(-26, `min relay fee not met, ${fee} < ${Math.ceil(tx.vsize * MIN_FEE_RATE)}`);
      return store(tx, prevOuts, false).txid;
    },

    /** Mines a block holding the whole mempool (possibly empty). @returns the new block */
    mine(): StoredBlock {
      const previous = blocks.at(-1)!;
      const time = Math.max(now(), previous.time + 1);
      const height = previous.height + 1;
      const txids = mempool.splice(0);
      const header = new TextEncoder().encode(`${previous.hash}/${height}/${time}/${txids.join(',')}`);
      const block: StoredBlock = { hash: reverseHex(sha256d(header)), height, time, previous: previous.hash, txids };
      blocks.push(block);
      for (const txid of txids)
        txs.get(txid)!.status = { confirmed: true, block_height: height, block_hash: block.hash, block_time: time };
      return block;
    },
  };
}

/** The stand-in's chain (see {@link createChain}). */
export type Chain = ReturnType<typeof createChain>;
