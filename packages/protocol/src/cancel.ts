/**
 * Cancellation as an outcome of its own: an operation that ended without its result although
 * nothing failed. It travels as a failed {@link Result} (the channel has no third case) whose
 * `data` names the reason, so a caller tells it from a failure without reading the message.
 *
 * Imports no runtime code but the two constants modules, so the host SDK can use it.
 */
import { ErrorCode, Message } from './codes.ts';
import { err, type Result, type RpcErrorShape } from './result.ts';

/**
 * Why an operation was cancelled:
 * - `rejected`: the visitor said no in the wallet (EIP-1193 4001);
 * - `closed`: the visitor closed the modal before it finished;
 * - `aborted`: the frame stopped it (a newer attempt replaced it, the visitor left its view, the
 *   secure frame it waited on was replaced).
 */
export type CancelReason = 'rejected' | 'closed' | 'aborted';

/** The message of an `aborted` cancellation (kept from before cancellations had a reason). */
export const CANCELLED_MESSAGE = 'Cancelled';

/**
 * A cancelled {@link Result}: `data: { cancelled: reason }`, with the code and message a dapp
 * has always seen for it: 4001 'Connection rejected' (rejected), 4001 'Modal closed' (closed),
 * -32603 'Cancelled' (aborted).
 */
export function cancelled<T = never>(reason: CancelReason): Result<T> {
  if (reason === 'aborted') return err(ErrorCode.InternalError, CANCELLED_MESSAGE, { cancelled: reason });
  return err(ErrorCode.UserRejected, reason === 'closed' ? Message.ModalClosed : Message.ConnectionRejected, {
    cancelled: reason,
  });
}

/**
 * The reason `error` is a cancellation, or null when it is a failure: the reason its `data`
 * names, else `rejected` for any 4001 (a wallet's own rejection carries no reason of ours).
 */
export function cancelReason(error: RpcErrorShape): CancelReason | null {
  const data = error.data as { cancelled?: unknown } | null | undefined;
  const reason = data && typeof data === 'object' ? data.cancelled : undefined;
  if (reason === 'rejected' || reason === 'closed' || reason === 'aborted') return reason;
  return error.code === ErrorCode.UserRejected ? 'rejected' : null;
}
