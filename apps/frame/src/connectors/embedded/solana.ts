import {
  ErrorCode,
  Message,
  SolanaRequestParamsSchemas,
  err,
  isSolanaRequestMethod,
  ok,
  validate,
  type Result,
  type RpcRequest,
} from '@airlock/protocol';
import { fromBase58, toBase58 } from '../solana/base58.ts';

/**
 * The dapp's `solana_*` requests (`getProvider('solana')`, bytes as `Uint8Array`,
 * `SolanaRequestParamsSchemas`) for the embedded wallet, in the shapes the secure frame takes
 * (WalletConnect's Solana JSON-RPC: base58 messages and signatures, base64 transactions):
 * - `solana_signMessage` `{ message }` → C `{ message: base58, pubkey }` → `{ signature: bytes }`;
 * - `solana_signTransaction` `{ transaction }` → C `{ transaction: base64 }` → `{ transaction: bytes }`;
 * - `solana_signAllTransactions` → one `solana_signTransaction` (one approval) per transaction;
 * - `solana_signAndSendTransaction` `{ transaction, sendOptions? }` → C sends it on the request's
 *   network and confirms it → `{ signature: base58 }`.
 * Every one of them is unsafe (spec §6): C shows its approval first.
 */

/** Sends one request to the secure frame (RPC_REQUEST on a solana network, with the approval). */
export type SecureFrameSolanaCall = (method: string, params: unknown[]) => Promise<Result<unknown>>;

const toBase64 = (bytes: Uint8Array) => {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A malformed answer of the secure frame. */
const malformed = () => err(ErrorCode.InternalError, 'The embedded wallet returned a malformed answer');

/**
 * Runs a dapp's `solana_*` signing request against the embedded wallet's solana account
 * `address` through `call`. -32602 for malformed params, 4200 for a method that is not a
 * signing method; the secure frame's errors (4001 rejected …) as they come. Never throws.
 */
export async function embeddedSolanaRequest(
  request: RpcRequest,
  address: string,
  call: SecureFrameSolanaCall,
): Promise<Result<unknown>> {
  if (!isSolanaRequestMethod(request.method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(SolanaRequestParamsSchemas[request.method], request.params ?? []);
  if (!params.ok) return params;
  const [input] = params.value as [Record<string, unknown>];
  const signTransaction = async (transaction: Uint8Array): Promise<Result<Uint8Array>> => {
    const answer = await call('solana_signTransaction', [{ transaction: toBase64(transaction), pubkey: address }]);
    if (!answer.ok) return answer;
    const signed = (answer.value as { transaction?: unknown } | null)?.transaction;
    return typeof signed === 'string' ? ok(fromBase64(signed)) : malformed();
  };
  try {
    switch (request.method) {
      case 'solana_signMessage': {
        const answer = await call('solana_signMessage', [
          { message: toBase58(input!.message as Uint8Array), pubkey: address },
        ]);
        if (!answer.ok) return answer;
        const signature = (answer.value as { signature?: unknown } | null)?.signature;
        return typeof signature === 'string' ? ok({ signature: fromBase58(signature) }) : malformed();
      }
      case 'solana_signTransaction': {
        const signed = await signTransaction(input!.transaction as Uint8Array);
        return signed.ok ? ok({ transaction: signed.value }) : signed;
      }
      case 'solana_signAllTransactions': {
        const transactions: Uint8Array[] = [];
        for (const transaction of input!.transactions as Uint8Array[]) {
          const signed = await signTransaction(transaction);
          if (!signed.ok) return signed;
          transactions.push(signed.value);
        }
        return ok({ transactions });
      }
      case 'solana_signAndSendTransaction': {
        const answer = await call('solana_signAndSendTransaction', [
          {
            transaction: toBase64(input!.transaction as Uint8Array),
            pubkey: address,
            ...(input!.sendOptions ? { sendOptions: input!.sendOptions } : {}),
          },
        ]);
        if (!answer.ok) return answer;
        const signature = (answer.value as { signature?: unknown } | null)?.signature;
        return typeof signature === 'string' ? ok({ signature }) : malformed();
      }
      default:
        return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
    }
  } catch {
    return malformed();
  }
}
