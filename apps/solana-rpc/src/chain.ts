import { address, type EncodedAccount, getTransactionDecoder, lamports, type Signature } from '@solana/kit';
import { type AccountInfo, AddressLookupTableAccount, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { type FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { encodeBase58 } from './base58.ts';
import { type TransactionErrorJson, transactionErrorJson } from './errors.ts';
import { type TokenBalance, tokenBalances } from './tokens.ts';

/** Slots a blockhash stays valid for (Agave's `MAX_PROCESSING_AGE`). */
export const BLOCKHASH_VALID_SLOTS = 150;
/** Slots per epoch (mainnet's schedule). */
export const SLOTS_PER_EPOCH = 432_000;
/** Lamports per signature (the base fee). */
export const LAMPORTS_PER_SIGNATURE = 5_000;

/** One inner instruction in the RPC's `json` encoding. */
export interface InnerInstructionJson {
  programIdIndex: number;
  accounts: number[];
  /** base58 */
  data: string;
  stackHeight: number;
}

/** What executing (or simulating) a transaction produced. */
export interface ExecutionOutcome {
  err: TransactionErrorJson | null;
  logs: string[];
  unitsConsumed: number;
  /** `null` when the program returned nothing. */
  returnData: { programId: string; data: Uint8Array } | null;
  /** Per top-level instruction with inner instructions, as the RPC lists them. */
  innerInstructions: { index: number; instructions: InnerInstructionJson[] }[];
}

/** A transaction included in a block of the local chain (failed or not). */
export interface TransactionRecord extends ExecutionOutcome {
  signature: string;
  slot: number;
  /** Unix time, seconds. */
  blockTime: number;
  transaction: VersionedTransaction;
  /** Static keys, then the lookup-table writable, then readonly ones. */
  accountKeys: PublicKey[];
  writable: boolean[];
  loadedAddresses: { writable: string[]; readonly: string[] };
  /** Lamports burnt as fee (sum of balances before minus after). */
  fee: number;
  preBalances: number[];
  postBalances: number[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
}

/** The outcome of {@link Chain.submit}: included in a block, or refused before execution (nothing changed). */
export type SubmitResult =
  | { included: true; record: TransactionRecord }
  | { included: false; err: TransactionErrorJson; logs: string[] };

/** A simulation's outcome plus the accounts' state after it. */
export interface SimulationOutcome extends ExecutionOutcome {
  postAccounts: Map<string, AccountInfo<Uint8Array>>;
}

/** What subscribers hear: a transaction landed in a block; the chain moved to a new slot. */
export type ChainEvent =
  | { type: 'transaction'; record: TransactionRecord }
  | { type: 'slot'; slot: number; parent: number };

/** The local chain: a litesvm bank with blocks, blockhashes and a transaction history around it. */
export interface Chain {
  readonly svm: LiteSVM;
  /** The current slot (= block height: no slot is skipped). */
  slot(): number;
  /** The newest blockhash and the last block height it is valid at. */
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number };
  isBlockhashValid(blockhash: string): boolean;
  getAccount(address: PublicKey): AccountInfo<Uint8Array> | null;
  /** Writes an account directly (start-up funding). */
  setAccount(address: PublicKey, info: AccountInfo<Uint8Array>): void;
  /** Every account a program owns. */
  programAccounts(program: PublicKey): { address: PublicKey; info: AccountInfo<Uint8Array> }[];
  /** Executes a transaction; on inclusion a new block (slot, blockhash) follows. Never throws. */
  submit(tx: VersionedTransaction): SubmitResult;
  /** Runs a transaction without committing. `replaceRecentBlockhash` implies no signature check. */
  simulate(
    tx: VersionedTransaction,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): SimulationOutcome;
  getRecord(signature: string): TransactionRecord | undefined;
  /** Records touching an address, newest first. */
  recordsFor(address: string): TransactionRecord[];
  /** Number of included transactions since start. */
  transactionCount(): number;
  /** Unix time (s) of the block at a slot, if a block with transactions is there. */
  blockTime(slot: number): number | undefined;
  /** @returns unsubscribe */
  subscribe(listener: (event: ChainEvent) => void): () => void;
}

/** Options of {@link createChain}. */
export interface ChainOptions {
  /** Transactions kept for `getTransaction` / `getSignaturesForAddress` (oldest dropped first). Default 50,000. */
  historyCapacity?: number;
}

const toNumber = (value: bigint): number => Number(value);

/* litesvm speaks @solana/kit types; the rest of this server speaks @solana/web3.js 1.x. */
const kitAddress = (key: PublicKey) => address(key.toBase58());
const transactionDecoder = getTransactionDecoder();
const kitTransaction = (tx: VersionedTransaction) => transactionDecoder.decode(tx.serialize());
const accountInfo = (
  account: Pick<EncodedAccount, 'lamports' | 'data' | 'programAddress' | 'executable'>,
): AccountInfo<Uint8Array> => ({
  lamports: toNumber(account.lamports),
  data: account.data as Uint8Array,
  owner: new PublicKey(account.programAddress),
  executable: account.executable,
  rentEpoch: 0,
});

const outcomeOf = (meta: TransactionMetadata, err: TransactionErrorJson | null): ExecutionOutcome => {
  const returnData = meta.returnData();
  const data = returnData.data();
  return {
    err,
    logs: meta.logs(),
    unitsConsumed: toNumber(meta.computeUnitsConsumed()),
    returnData: data.length > 0 ? { programId: encodeBase58(returnData.programId()), data } : null,
    innerInstructions: meta
      .innerInstructions()
      .map((list, index) => ({
        index,
        instructions: list.map((inner) => ({
          programIdIndex: inner.instruction().programIdIndex(),
          accounts: [...inner.instruction().accounts()],
          data: encodeBase58(inner.instruction().data()),
          stackHeight: inner.stackHeight(),
        })),
      }))
      .filter((entry) => entry.instructions.length > 0),
  };
};

/** A transaction litesvm refused by throwing (an unsigned or malformed one). */
const refusal = (error: unknown): { err: TransactionErrorJson; logs: string[] } => {
  const message = String((error as Error)?.message ?? error);
  return { err: /signature/i.test(message) ? 'SignatureFailure' : 'SanitizeFailure', logs: [message] };
};

const isFailure = <T extends object>(result: T | FailedTransactionMetadata): result is FailedTransactionMetadata =>
  typeof (result as FailedTransactionMetadata).err === 'function';

/** Creates the chain at slot 0 with the standard builtins, sysvars and SPL programs. */
export function createChain(options: ChainOptions = {}): Chain {
  const capacity = options.historyCapacity ?? 50_000;
  // Blockhash ages are checked here (150 slots), so litesvm's own single-blockhash check is off.
  const svm = new LiteSVM().withBlockhashCheck(false).withSigverify(true);
  const listeners = new Set<(event: ChainEvent) => void>();
  const blockhashes = new Map<string, number>();
  const records = new Map<string, TransactionRecord>();
  const byAddress = new Map<string, TransactionRecord[]>();
  const blockTimes = new Map<number, number>();
  let slot = 0;
  let count = 0;

  const setClock = (): void => {
    const clock = svm.getClock();
    clock.slot = BigInt(slot);
    clock.epoch = BigInt(Math.floor(slot / SLOTS_PER_EPOCH));
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000));
    svm.setClock(clock);
  };
  setClock();
  blockhashes.set(svm.latestBlockhash(), slot);

  const emit = (event: ChainEvent): void => {
    for (const listener of listeners) listener(event);
  };

  const nextBlock = (): void => {
    slot += 1;
    svm.expireBlockhash();
    setClock();
    blockhashes.set(svm.latestBlockhash(), slot);
    for (const [hash, issued] of blockhashes) {
      if (slot - issued <= BLOCKHASH_VALID_SLOTS) break;
      blockhashes.delete(hash);
    }
  };

  const getAccount = (key: PublicKey): AccountInfo<Uint8Array> | null => {
    const account = svm.getAccount(kitAddress(key));
    return account.exists ? accountInfo(account) : null;
  };
  const isBlockhashValid = (hash: string): boolean => {
    const issued = blockhashes.get(hash);
    return issued !== undefined && slot - issued <= BLOCKHASH_VALID_SLOTS;
  };

  /** Account keys with lookup tables resolved, or the error that refuses the transaction. */
  const resolveKeys = (
    tx: VersionedTransaction,
  ): Pick<TransactionRecord, 'accountKeys' | 'writable' | 'loadedAddresses'> | string => {
    const message = tx.message;
    const tables: AddressLookupTableAccount[] = [];
    for (const lookup of message.addressTableLookups) {
      const info = getAccount(lookup.accountKey);
      if (!info) return 'AddressLookupTableNotFound';
      try {
        tables.push(
          new AddressLookupTableAccount({
            key: lookup.accountKey,
            state: AddressLookupTableAccount.deserialize(info.data),
          }),
        );
      } catch {
        return 'InvalidAddressLookupTableData';
      }
    }
    try {
      const keys = message.getAccountKeys({ addressLookupTableAccounts: tables });
      const accountKeys = keys.keySegments().flat();
      return {
        accountKeys,
        writable: accountKeys.map((_, i) => message.isAccountWritable(i)),
        loadedAddresses: {
          writable: (keys.accountKeysFromLookups?.writable ?? []).map((k) => k.toBase58()),
          readonly: (keys.accountKeysFromLookups?.readonly ?? []).map((k) => k.toBase58()),
        },
      };
    } catch {
      return 'InvalidAddressLookupTableIndex';
    }
  };

  const balancesOf = (keys: PublicKey[]): bigint[] => keys.map((key) => svm.getBalance(kitAddress(key)) ?? 0n);

  const remember = (record: TransactionRecord): void => {
    records.set(record.signature, record);
    blockTimes.set(record.slot, record.blockTime);
    count += 1;
    for (const key of new Set(record.accountKeys.map((k) => k.toBase58()))) {
      const list = byAddress.get(key) ?? [];
      list.push(record);
      byAddress.set(key, list);
    }
    while (records.size > capacity) {
      const oldest = records.values().next().value as TransactionRecord;
      records.delete(oldest.signature);
      blockTimes.delete(oldest.slot);
      for (const key of new Set(oldest.accountKeys.map((k) => k.toBase58()))) {
        const list = byAddress.get(key);
        if (list?.[0] === oldest) list.shift();
        if (list?.length === 0) byAddress.delete(key);
      }
    }
  };

  const submit = (tx: VersionedTransaction): SubmitResult => {
    const resolved = resolveKeys(tx);
    if (typeof resolved === 'string') return { included: false, err: resolved, logs: [] };
    if (!isBlockhashValid(tx.message.recentBlockhash)) return { included: false, err: 'BlockhashNotFound', logs: [] };
    const keys = resolved.accountKeys;
    const preBalances = balancesOf(keys);
    const preTokenBalances = tokenBalances(keys, getAccount);
    let result: TransactionMetadata | FailedTransactionMetadata;
    try {
      result = svm.sendTransaction(kitTransaction(tx));
    } catch (error) {
      return { included: false, ...refusal(error) };
    }
    const err = isFailure(result) ? transactionErrorJson(result.err()) : null;
    const meta = isFailure(result) ? result.meta() : result;
    const signature = encodeBase58(tx.signatures[0] ?? new Uint8Array(64));
    if (err !== null && (err === 'AlreadyProcessed' || svm.getTransaction(signature as Signature) === null)) {
      return { included: false, err, logs: meta.logs() };
    }
    const postBalances = balancesOf(keys);
    const fee = preBalances.reduce((a, b) => a + b, 0n) - postBalances.reduce((a, b) => a + b, 0n);
    nextBlock();
    const record: TransactionRecord = {
      ...outcomeOf(meta, err),
      ...resolved,
      signature,
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      transaction: tx,
      fee: toNumber(fee),
      preBalances: preBalances.map(toNumber),
      postBalances: postBalances.map(toNumber),
      preTokenBalances,
      postTokenBalances: tokenBalances(keys, getAccount),
    };
    remember(record);
    emit({ type: 'transaction', record });
    emit({ type: 'slot', slot, parent: slot - 1 });
    return { included: true, record };
  };

  const simulate: Chain['simulate'] = (tx, { sigVerify, replaceRecentBlockhash }) => {
    const empty = { logs: [], unitsConsumed: 0, returnData: null, innerInstructions: [], postAccounts: new Map() };
    let candidate = tx;
    if (replaceRecentBlockhash) {
      candidate = VersionedTransaction.deserialize(tx.serialize());
      candidate.message.recentBlockhash = svm.latestBlockhash();
    } else if (!isBlockhashValid(tx.message.recentBlockhash)) {
      return { ...empty, err: 'BlockhashNotFound' };
    }
    svm.withSigverify(sigVerify && !replaceRecentBlockhash);
    try {
      const result = svm.simulateTransaction(kitTransaction(candidate));
      if (isFailure(result))
        return { ...outcomeOf(result.meta(), transactionErrorJson(result.err())), postAccounts: new Map() };
      const postAccounts = new Map<string, AccountInfo<Uint8Array>>();
      for (const account of result.postAccounts()) postAccounts.set(account.address, accountInfo(account));
      return { ...outcomeOf(result.meta(), null), postAccounts };
    } catch (error) {
      return { ...empty, ...refusal(error) };
    } finally {
      svm.withSigverify(true);
    }
  };

  return {
    svm,
    slot: () => slot,
    latestBlockhash: () => ({ blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot + BLOCKHASH_VALID_SLOTS }),
    isBlockhashValid,
    getAccount,
    setAccount: (key, info) =>
      svm.setAccount({
        address: kitAddress(key),
        lamports: lamports(BigInt(info.lamports)),
        data: info.data,
        programAddress: kitAddress(info.owner),
        executable: info.executable,
        space: BigInt(info.data.length),
      }),
    programAccounts: (program) =>
      svm
        .getProgramAccounts(kitAddress(program))
        .map((account) => ({ address: new PublicKey(account.address), info: accountInfo(account) })),
    submit,
    simulate,
    getRecord: (signature) => records.get(signature),
    recordsFor: (address) => [...(byAddress.get(address) ?? [])].reverse(),
    transactionCount: () => count,
    blockTime: (at) => blockTimes.get(at),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
