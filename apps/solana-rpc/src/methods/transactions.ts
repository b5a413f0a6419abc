import { SystemProgram, VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import { z } from 'zod/mini';
import { decodeBase58, encodeBase58 } from '../base58.ts';
import type { ExecutionOutcome, SimulationOutcome } from '../chain.ts';
import { encodeAccount, encodeTransaction } from '../encoding.ts';
import { invalidParams, RPC_ERROR, RpcError, transactionErrorMessage } from '../errors.ts';
import { feeForMessage } from '../fee.ts';
import { submitInstructions } from '../genesis.ts';
import { commitment, optionalConfig, pubkey, readConfig, signature, wireEncoding } from '../params.ts';
import { checkMinContextSlot, type Method, type MethodContext, method, withContext } from './context.ts';

/** Largest serialized transaction (Solana's packet size). */
const MAX_TRANSACTION_BYTES = 1232;
/** Most signatures `getSignatureStatuses` takes. */
const MAX_STATUS_SIGNATURES = 256;

const decodeWire = (text: string, encoding: 'base58' | 'base64' | undefined): VersionedTransaction => {
  if (text.length > 2 * MAX_TRANSACTION_BYTES)
    throw invalidParams(`transaction too large (max ${MAX_TRANSACTION_BYTES} bytes)`);
  const bytes = encoding === 'base64' ? Buffer.from(text, 'base64') : decodeBase58(text);
  if (!bytes || bytes.length === 0) throw invalidParams(`transaction is not valid ${encoding ?? 'base58'}`);
  if (bytes.length > MAX_TRANSACTION_BYTES)
    throw invalidParams(`transaction too large: ${bytes.length} bytes (max ${MAX_TRANSACTION_BYTES})`);
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(bytes);
  } catch (error) {
    throw invalidParams(`failed to deserialize transaction: ${(error as Error).message}`);
  }
  if (tx.signatures.length !== tx.message.header.numRequiredSignatures || tx.signatures.length === 0) {
    throw invalidParams('transaction signature count does not match its message header');
  }
  return tx;
};

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

const outcomeJson = (outcome: ExecutionOutcome, withInner: boolean) => ({
  err: outcome.err,
  logs: outcome.logs,
  accounts: null as unknown,
  unitsConsumed: outcome.unitsConsumed,
  returnData: outcome.returnData
    ? { programId: outcome.returnData.programId, data: [base64(outcome.returnData.data), 'base64'] }
    : null,
  innerInstructions: withInner ? outcome.innerInstructions : null,
});

const sendConfig = z.object({
  encoding: z.optional(wireEncoding),
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(commitment),
  maxRetries: z.optional(z.int().check(z.nonnegative())),
  minContextSlot: z.optional(z.int().check(z.nonnegative())),
});

const simulateConfig = z.object({
  encoding: z.optional(wireEncoding),
  sigVerify: z.optional(z.boolean()),
  replaceRecentBlockhash: z.optional(z.boolean()),
  commitment: z.optional(commitment),
  minContextSlot: z.optional(z.int().check(z.nonnegative())),
  innerInstructions: z.optional(z.boolean()),
  accounts: z.optional(
    z.object({
      addresses: z.array(pubkey).check(z.maxLength(100)),
      encoding: z.optional(z.enum(['base64', 'jsonParsed'])),
    }),
  ),
});

const transactionConfig = z.object({
  encoding: z.optional(z.enum(['json', 'jsonParsed', 'base58', 'base64'])),
  commitment: z.optional(commitment),
  maxSupportedTransactionVersion: z.optional(z.literal(0)),
});

const signaturesConfig = z.extend(readConfig, {
  limit: z.optional(z.int().check(z.gte(1)).check(z.lte(1000))),
  before: z.optional(signature),
  until: z.optional(signature),
});

const preflightError = (outcome: ExecutionOutcome, verb: string): RpcError => {
  if (outcome.err === 'SignatureFailure')
    return new RpcError(
      RPC_ERROR.transactionSignatureVerificationFailure,
      'Transaction signature verification failure',
    );
  const message = `Transaction ${verb}: ${transactionErrorMessage(outcome.err ?? 'GenericError')}`;
  return new RpcError(RPC_ERROR.sendTransactionPreflightFailure, message, outcomeJson(outcome, false));
};

const simulateValue = (
  ctx: MethodContext,
  sim: SimulationOutcome,
  config: z.infer<typeof simulateConfig> | null | undefined,
) => {
  const value = outcomeJson(sim, config?.innerInstructions === true);
  if (config?.accounts) {
    const encoding = config.accounts.encoding ?? 'base64';
    value.accounts = config.accounts.addresses.map((address) => {
      const info =
        sim.err === null ? (sim.postAccounts.get(address.toBase58()) ?? ctx.chain.getAccount(address)) : null;
      return info ? encodeAccount(address, info, { encoding }, ctx.chain.getAccount) : null;
    });
  }
  return {
    ...value,
    ...(config?.replaceRecentBlockhash ? { replacementBlockhash: ctx.chain.latestBlockhash() } : {}),
  };
};

/** Sending, simulating and looking up transactions; the faucet. */
export const transactionMethods: Record<string, Method> = {
  sendTransaction: method(z.tuple([z.string(), optionalConfig(sendConfig)]), ([text, config], ctx) => {
    const tx = decodeWire(text, config?.encoding);
    checkMinContextSlot(ctx, config);
    const txSignature = encodeBase58(tx.signatures[0] ?? new Uint8Array());
    if (!config?.skipPreflight) {
      const sim = ctx.chain.simulate(tx, { sigVerify: true, replaceRecentBlockhash: false });
      if (sim.err !== null) throw preflightError(sim, 'simulation failed');
    }
    const result = ctx.chain.submit(tx);
    if (!result.included && !(result.err === 'AlreadyProcessed' && config?.skipPreflight)) {
      throw preflightError(
        { err: result.err, logs: result.logs, unitsConsumed: 0, returnData: null, innerInstructions: [] },
        'refused',
      );
    }
    return txSignature;
  }),
  simulateTransaction: method(z.tuple([z.string(), optionalConfig(simulateConfig)]), ([text, config], ctx) => {
    if (config?.sigVerify && config.replaceRecentBlockhash)
      throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
    const tx = decodeWire(text, config?.encoding);
    checkMinContextSlot(ctx, config);
    const sim = ctx.chain.simulate(tx, {
      sigVerify: config?.sigVerify ?? false,
      replaceRecentBlockhash: config?.replaceRecentBlockhash ?? false,
    });
    return withContext(ctx, simulateValue(ctx, sim, config));
  }),
  getSignatureStatuses: method(
    z.tuple([
      z.array(signature).check(z.maxLength(MAX_STATUS_SIGNATURES)),
      optionalConfig(z.object({ searchTransactionHistory: z.optional(z.boolean()) })),
    ]),
    ([signatures], ctx) =>
      withContext(
        ctx,
        signatures.map((sig) => {
          const record = ctx.chain.getRecord(sig);
          if (!record) return null;
          const status = record.err === null ? { Ok: null } : { Err: record.err };
          return { slot: record.slot, confirmations: null, err: record.err, status, confirmationStatus: 'finalized' };
        }),
      ),
  ),
  getTransaction: method(z.tuple([signature, optionalConfig(transactionConfig)]), ([sig, config], ctx) => {
    const record = ctx.chain.getRecord(sig);
    if (!record) return null;
    const supported = config?.maxSupportedTransactionVersion;
    const version = record.transaction.message.version;
    if (version !== 'legacy' && supported === undefined) {
      throw new RpcError(
        RPC_ERROR.unsupportedTransactionVersion,
        `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
      );
    }
    return encodeTransaction(record, config?.encoding ?? 'json', supported !== undefined);
  }),
  getSignaturesForAddress: method(z.tuple([pubkey, optionalConfig(signaturesConfig)]), ([address, config], ctx) => {
    checkMinContextSlot(ctx, config);
    let records = ctx.chain.recordsFor(address.toBase58());
    if (config?.before) {
      const at = records.findIndex((r) => r.signature === config.before);
      records = at < 0 ? [] : records.slice(at + 1);
    }
    if (config?.until) {
      const at = records.findIndex((r) => r.signature === config.until);
      if (at >= 0) records = records.slice(0, at);
    }
    return records.slice(0, config?.limit ?? 1000).map((r) => ({
      signature: r.signature,
      slot: r.slot,
      err: r.err,
      memo: null,
      blockTime: r.blockTime,
      confirmationStatus: 'finalized',
    }));
  }),
  getFeeForMessage: method(z.tuple([z.string(), optionalConfig(readConfig)]), ([text, config], ctx) => {
    checkMinContextSlot(ctx, config);
    let message: VersionedMessage;
    try {
      message = VersionedMessage.deserialize(Buffer.from(text, 'base64'));
    } catch (error) {
      throw invalidParams(`failed to deserialize message: ${(error as Error).message}`);
    }
    return withContext(ctx, ctx.chain.isBlockhashValid(message.recentBlockhash) ? feeForMessage(message) : null);
  }),
  requestAirdrop: method(
    z.tuple([pubkey, z.int().check(z.positive()).check(z.lte(Number.MAX_SAFE_INTEGER)), optionalConfig(readConfig)]),
    ([to, lamports], ctx) => {
      const result = submitInstructions(ctx.chain, ctx.faucet, [
        SystemProgram.transfer({ fromPubkey: ctx.faucet.publicKey, toPubkey: to, lamports }),
      ]);
      const err = result.included ? result.record.err : result.err;
      if (err !== null)
        throw new RpcError(RPC_ERROR.internalError, `airdrop request failed: ${transactionErrorMessage(err)}`);
      return result.included ? result.record.signature : '';
    },
  ),
};
