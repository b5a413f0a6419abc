import { ErrorCode, Message, type ErrorCodeValue } from './codes.ts';
import type { Result, RpcErrorShape } from './result.ts';

/**
 * The one converter from anything thrown (a viem RPC error, a WalletConnect error
 * object, a penpal timeout, a plain Error or string) to the protocol's error shape.
 * Imports no library, so every side may use it.
 *
 * Sources: EIP-1193 (provider error codes), EIP-1474 (JSON-RPC error codes).
 */

/**
 * An error code: one of the known {@link ErrorCode} values, or any other number a
 * wallet or node sent (kept as is). Typed this way so editors suggest the known ones.
 */
export type RpcErrorCode = ErrorCodeValue | (number & {});

/** How deep {@link toRpcError} follows `cause` chains (viem nests errors 2 to 4 deep). */
const MAX_CAUSE_DEPTH = 6;

type Thrown = {
  code?: unknown;
  message?: unknown;
  shortMessage?: unknown;
  details?: unknown;
  data?: unknown;
  cause?: unknown;
};

function messageOf(e: Thrown): string | undefined {
  if (typeof e.details === 'string' && e.details) return e.details;
  if (typeof e.shortMessage === 'string' && e.shortMessage) return e.shortMessage;
  if (typeof e.message === 'string' && e.message) return e.message;
  return undefined;
}

/**
 * Converts a thrown value into `{ code, message, data? }`:
 * - the outermost error in the `cause` chain with a numeric `code` wins, with its
 *   message (viem's `details`, then `shortMessage`, then `message`) and `data`;
 * - a penpal call timeout (`code: 'METHOD_CALL_TIMEOUT'`) becomes -32603 'Request timed out';
 * - anything else becomes `fallbackCode` (default -32603) with the Error's message or
 *   'Something went wrong'.
 * Never throws.
 */
export function toRpcError(error: unknown, fallbackCode: RpcErrorCode = ErrorCode.InternalError): RpcErrorShape {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < MAX_CAUSE_DEPTH; depth++) {
    const e = current as Thrown;
    if (typeof e.code === 'number' && Number.isInteger(e.code)) {
      const message = messageOf(e) ?? Message.SomethingWentWrong;
      return e.data === undefined ? { code: e.code, message } : { code: e.code, message, data: e.data };
    }
    if (e.code === 'METHOD_CALL_TIMEOUT') return { code: ErrorCode.InternalError, message: Message.RequestTimedOut };
    current = e.cause;
  }
  if (typeof error === 'string' && error) return { code: fallbackCode, message: error };
  const message = error && typeof error === 'object' ? messageOf(error as Thrown) : undefined;
  return { code: fallbackCode, message: message ?? Message.SomethingWentWrong };
}

/** {@link toRpcError} as a failed {@link Result}. Never throws. */
export function errorResult<T = never>(error: unknown, fallbackCode?: RpcErrorCode): Result<T> {
  return { ok: false, error: toRpcError(error, fallbackCode) };
}

/**
 * Checks that a value that crossed the channel is a well-formed Result and returns
 * it; anything else becomes -32603 'Something went wrong'. Errors keep code, message
 * and data; a coded error without a message gets spec §8 'An error occurred'. Use it on every Result the other side sends (the frame distrusts the page).
 */
export function asResult(raw: unknown): Result<unknown> {
  if (raw && typeof raw === 'object' && 'ok' in raw) {
    const r = raw as { ok: unknown; value?: unknown; error?: unknown };
    if (r.ok === true) return { ok: true, value: r.value };
    const e = r.error as { code?: unknown; message?: unknown; data?: unknown } | undefined;
    if (r.ok === false && e && typeof e.code === 'number' && Number.isInteger(e.code)) {
      // Spec §8 'An error occurred': a coded error whose message is missing or empty.
      const message = typeof e.message === 'string' && e.message ? e.message : Message.ErrorOccurred;
      return {
        ok: false,
        error: e.data === undefined ? { code: e.code, message } : { code: e.code, message, data: e.data },
      };
    }
  }
  return { ok: false, error: { code: ErrorCode.InternalError, message: Message.SomethingWentWrong } };
}
