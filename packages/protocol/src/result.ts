/**
 * The result union every protocol method returns: penpal drops an
 * Error's `code` and `data`, so errors travel as plain data and the host turns
 * them back into EIP-1193 `ProviderRpcError`s.
 *
 * Imports no runtime code, so the host SDK can use it.
 */
import type { ErrorCodeValue } from './codes.ts';

/** An error as it crosses the channel: EIP-1193 / EIP-1474 `code`, message, optional `data`. */
export type RpcErrorShape = {
  /**
   * EIP-1193 / EIP-1474 code: one of `ErrorCode` in `codes.ts`, or any other number a
   * wallet or node sent (kept as is).
   */
  code: ErrorCodeValue | (number & {});
  /** Human-readable message (spec §8 text where one exists). */
  message: string;
  /** Extra data, passed through untouched (e.g. the wallet's own error data). */
  data?: unknown;
};

/** `{ ok: true, value }` on success, `{ ok: false, error }` on failure. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: RpcErrorShape };

/** Wraps a value as a successful {@link Result}. */
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** Builds a failed {@link Result} from a code, a message and optional data. */
export const err = <T = never>(code: number, message: string, data?: unknown): Result<T> => ({
  ok: false,
  error: { code, message, data },
});
