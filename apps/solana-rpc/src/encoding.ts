import type { AccountInfo, PublicKey } from '@solana/web3.js';
import { encodeBase58 } from './base58.ts';
import type { TransactionRecord } from './chain.ts';
import { invalidParams } from './errors.ts';
import type { AccountConfig } from './params.ts';
import { type AccountReader, parseTokenAccountJson } from './tokens.ts';

/** An account as the RPC returns it (`UiAccount`). */
export interface UiAccount {
  lamports: number;
  owner: string;
  /** base58 text (`binary`), `[text, 'base58' | 'base64']`, or the `jsonParsed` object. */
  data: unknown;
  executable: boolean;
  rentEpoch: number;
  /** Data length in bytes. */
  space: number;
}

/** Largest data the base58 encodings return (Agave's limit). */
const MAX_BASE58_BYTES = 128;

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/**
 * Encodes an account for the response.
 * @throws RpcError -32602 when base58 is asked for more than 128 bytes of data
 */
export function encodeAccount(
  address: PublicKey,
  info: AccountInfo<Uint8Array>,
  config: AccountConfig,
  read: AccountReader,
): UiAccount {
  const encoding = config.encoding ?? 'binary';
  const slice = config.dataSlice;
  const bytes = slice ? info.data.subarray(slice.offset, slice.offset + slice.length) : info.data;
  let data: unknown;
  if (encoding === 'jsonParsed' && !slice) data = parseTokenAccountJson(address, info, read);
  if (data === undefined || data === null) {
    if ((encoding === 'binary' || encoding === 'base58') && bytes.length > MAX_BASE58_BYTES) {
      throw invalidParams(
        `encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding`,
      );
    }
    data =
      encoding === 'binary'
        ? encodeBase58(bytes)
        : encoding === 'base58'
          ? [encodeBase58(bytes), 'base58']
          : [base64(bytes), 'base64'];
  }
  return {
    lamports: info.lamports,
    owner: info.owner.toBase58(),
    data,
    executable: info.executable,
    rentEpoch: info.rentEpoch ?? 0,
    space: info.data.length,
  };
}

/** Encodings `getTransaction` serves. */
export type TransactionEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64';

const encodeMessageJson = (record: TransactionRecord, parsed: boolean): unknown => {
  const message = record.transaction.message;
  const keys = record.accountKeys.map((key) => key.toBase58());
  const statics = message.staticAccountKeys.length;
  const instructions = message.compiledInstructions.map((ix) =>
    parsed
      ? {
          programId: keys[ix.programIdIndex],
          accounts: ix.accountKeyIndexes.map((i) => keys[i]),
          data: encodeBase58(ix.data),
          stackHeight: null,
        }
      : {
          programIdIndex: ix.programIdIndex,
          accounts: ix.accountKeyIndexes,
          data: encodeBase58(ix.data),
          stackHeight: null,
        },
  );
  const lookups = message.addressTableLookups.map((lookup) => ({
    accountKey: lookup.accountKey.toBase58(),
    writableIndexes: lookup.writableIndexes,
    readonlyIndexes: lookup.readonlyIndexes,
  }));
  return {
    accountKeys: parsed
      ? keys.map((pubkey, i) => ({
          pubkey,
          signer: i < message.header.numRequiredSignatures,
          writable: record.writable[i] ?? false,
          source: i < statics ? 'transaction' : 'lookupTable',
        }))
      : keys.slice(0, statics),
    header: parsed ? undefined : message.header,
    recentBlockhash: message.recentBlockhash,
    instructions,
    ...(message.version === 0 ? { addressTableLookups: lookups } : {}),
  };
};

const encodeMeta = (record: TransactionRecord, parsed: boolean): Record<string, unknown> => {
  const keys = record.accountKeys.map((key) => key.toBase58());
  return {
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    innerInstructions: parsed
      ? record.innerInstructions.map(({ index, instructions }) => ({
          index,
          instructions: instructions.map((ix) => ({
            programId: keys[ix.programIdIndex],
            accounts: ix.accounts.map((i) => keys[i]),
            data: ix.data,
            stackHeight: ix.stackHeight,
          })),
        }))
      : record.innerInstructions,
    logMessages: record.logs,
    preTokenBalances: record.preTokenBalances,
    postTokenBalances: record.postTokenBalances,
    rewards: [],
    loadedAddresses: record.loadedAddresses,
    computeUnitsConsumed: record.unitsConsumed,
    ...(record.returnData
      ? { returnData: { programId: record.returnData.programId, data: [base64(record.returnData.data), 'base64'] } }
      : {}),
  };
};

/**
 * A recorded transaction as `getTransaction` returns it. `jsonParsed` lists instructions in
 * their partially decoded form (program id, account addresses, base58 data): no program's
 * instructions are parsed. `version` is present only when the client named a supported version.
 */
export function encodeTransaction(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  withVersion: boolean,
): unknown {
  const wire = record.transaction.serialize();
  const parsed = encoding === 'jsonParsed';
  const transaction =
    encoding === 'base64'
      ? [base64(wire), 'base64']
      : encoding === 'base58'
        ? [encodeBase58(wire), 'base58']
        : { signatures: record.transaction.signatures.map(encodeBase58), message: encodeMessageJson(record, parsed) };
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    transaction,
    meta: encodeMeta(record, parsed),
    ...(withVersion ? { version: record.transaction.message.version } : {}),
  };
}
