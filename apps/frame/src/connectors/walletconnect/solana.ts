import {
  ErrorCode,
  SolanaRequestParamsSchemas,
  err,
  isSolanaRequestMethod,
  ok,
  validate,
  type RpcRequest,
  type Result,
} from '@airlock/protocol';
import { fromBase58 as decodeBase58, toBase58 } from '../solana/base58.ts';

/**
 * The `solana_*` requests of `getProvider('solana')` (bytes, `SolanaRequestParamsSchemas`) over a
 * WalletConnect session, in WalletConnect's Solana JSON-RPC shapes: `solana_signMessage`
 * `{ message: base58, pubkey }` → `{ signature: base58 }`; `solana_signTransaction`
 * `{ transaction: base64 }` → `{ signature }` or `{ transaction: base64 }`;
 * `solana_signAllTransactions` `{ transactions: base64[] }` → `{ transactions }`;
 * `solana_signAndSendTransaction` `{ transaction, sendOptions }` → `{ signature }`. Answers come
 * back as bytes (signAndSend: base58 text). Loaded lazily. Never throws.
 */
export async function solanaRequest(
  request: RpcRequest,
  context: {
    /** The session's solana account on the network (base58). */
    address: string;
    /** Sends a WalletConnect request on the network (`provider.request({ method, params }, caipNetworkId)`). */
    call(method: string, params: object): Promise<unknown>;
  },
): Promise<Result<unknown>> {
  const { address } = context;
  if (!isSolanaRequestMethod(request.method))
    return err(ErrorCode.UnsupportedMethod, 'Requested RPC call is not allowed');
  const params = validate(SolanaRequestParamsSchemas[request.method], request.params ?? []);
  if (!params.ok) return params;
  const [input] = params.value as [Record<string, unknown>];
  const call = async (method: string, body: object) => (await context.call(method, body)) as Record<string, unknown>;
  const signatureOf = (answer: Record<string, unknown>) => fromBase58(String(answer.signature ?? ''));
  try {
    switch (request.method) {
      case 'solana_signMessage': {
        const answer = await call('solana_signMessage', {
          message: toBase58(input!.message as Uint8Array),
          pubkey: address,
        });
        return ok({ signature: signatureOf(answer) });
      }
      case 'solana_signTransaction': {
        const transaction = input!.transaction as Uint8Array;
        const answer = await call('solana_signTransaction', { transaction: toBase64(transaction) });
        if (typeof answer.transaction === 'string') return ok({ transaction: fromBase64(answer.transaction) });
        return ok({ transaction: withSignature(transaction, signatureOf(answer)) });
      }
      case 'solana_signAllTransactions': {
        const answer = await call('solana_signAllTransactions', {
          transactions: (input!.transactions as Uint8Array[]).map(toBase64),
        });
        return ok({ transactions: (answer.transactions as string[]).map(fromBase64) });
      }
      case 'solana_signAndSendTransaction': {
        const answer = await call('solana_signAndSendTransaction', {
          transaction: toBase64(input!.transaction as Uint8Array),
          ...(input!.sendOptions ? { sendOptions: input!.sendOptions } : {}),
        });
        return ok({ signature: String(answer.signature) });
      }
      default:
        return err(ErrorCode.UnsupportedMethod, 'Requested RPC call is not allowed');
    }
  } catch (error) {
    const e = error as { code?: number; message?: string };
    return err(typeof e?.code === 'number' ? e.code : ErrorCode.InternalError, e?.message ?? String(error));
  }
}

/** The serialized transaction with `signature` as its first (fee payer's) signature. Pure. */
function withSignature(transaction: Uint8Array, signature: Uint8Array): Uint8Array {
  const out = transaction.slice();
  out.set(signature, 1);
  return out;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The bytes of a base58 signature; empty for text that is not base58 (the caller then reports a bad answer). */
function fromBase58(text: string): Uint8Array {
  try {
    return decodeBase58(text);
  } catch {
    return new Uint8Array();
  }
}
