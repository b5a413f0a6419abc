import type { Result, RpcErrorShape } from '@airlock/protocol/result';

/**
 * An EIP-1193 `ProviderRpcError`: an `Error` with a numeric `code` and optional `data`.
 *
 * penpal drops an Error's `code` and `data` when it carries an error across, so the frame returns
 * `{ ok: false, error: { code, message, data } }` and the host rebuilds it here with
 * `code` and `data` intact: 4001 user rejected, 4100 unauthorised (not connected),
 * 4200 unsupported method, 4900 disconnected, 4901 chain disconnected, -32602 invalid
 * params … (EIP-1193, EIP-1474; see `ErrorCode` in `@airlock/protocol/codes`).
 */
export class ProviderRpcError extends Error {
  /** EIP-1193 / EIP-1474 error code, e.g. 4001 (user rejected) or 4900 (disconnected). */
  declare code: number;
  /** Extra data from the frame or the wallet, untouched; `undefined` when none. */
  declare data?: unknown;
  /**
   * @param code - EIP-1193 / EIP-1474 error code (e.g. 4001).
   * @param message - human-readable message (spec §8 text where one exists).
   * @param data - extra data, passed through untouched (e.g. a wallet's own error data).
   */
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/**
 * The host's one conversion from an error that crossed the channel (`{ code, message, data? }`,
 * the `error` of a failed {@link Result} or the data of a `disconnect` event) to a
 * {@link ProviderRpcError}, with `code`, `message` and `data` intact.
 */
export const toProviderRpcError = (e: RpcErrorShape): ProviderRpcError =>
  new ProviderRpcError(e.code, e.message, e.data);

/**
 * Returns `value` of a `{ ok: true, value }` {@link Result}.
 *
 * @throws {@link ProviderRpcError} with the result's `code`, `message` and `data`
 *   for `{ ok: false, error }` ({@link toProviderRpcError}).
 */
export const unwrap = <T>(r: Result<T>): T => {
  if (r.ok) return r.value;
  throw toProviderRpcError(r.error);
};
