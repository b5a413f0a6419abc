import {
  ErrorCode,
  Message,
  SolanaRequestParamsSchemas,
  err,
  isSolanaRequestMethod,
  ok,
  validate,
  type Result,
} from '@airlock/protocol';
import { disconnect } from '../../actions/disconnect.ts';
import { openModal } from '../../actions/modal.ts';
import type { DappRequest } from '../types.ts';
import type { Frame } from '../../store/frame.ts';
import { connectionOf } from '../../store/connection.ts';

/**
 * Routes a request of `getProvider('solana')` (protocol `SolanaRequestParamsSchemas`; params
 * validated, -32602 when malformed, 4200 for another method):
 * - `solana_accounts`: `[address]` while connected on a solana network, else `[]`;
 * - `solana_requestAccounts`: that account, or opens the modal on Connect and settles when the
 *   visitor connects (4001 when the modal closes, or when the account connected is not a Solana one);
 * - `solana_disconnect`: disconnects (spec §4);
 * - signing methods: to the active connector with the active network (4100 unless connected on a
 *   solana network). Account-bound answers wait for a running silent reconnect. Never throws.
 */
export async function routeSolanaRequest(frame: Frame, request: DappRequest): Promise<Result<unknown>> {
  const { method } = request;
  if (!isSolanaRequestMethod(method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(SolanaRequestParamsSchemas[method], request.params ?? []);
  if (!params.ok) return params;
  await frame.runtime.restored;
  const account = () => {
    const { status, address, caipNetworkId } = connectionOf(frame.store.getState());
    return status === 'connected' && address && caipNetworkId.startsWith('solana:') ? address : null;
  };
  const address = account();
  if (method === 'solana_accounts') return ok(address ? [address] : []);
  if (method === 'solana_disconnect') {
    await disconnect(frame);
    return ok(null);
  }
  if (method === 'solana_requestAccounts') {
    if (address) return ok([address]);
    const waiting = frame.waiters.untilAccounts();
    openModal(frame, { view: 'Connect', namespace: 'solana' });
    const result = await waiting;
    if (!result.ok) return result;
    const connected = account();
    return connected ? ok([connected]) : err(ErrorCode.UserRejected, Message.ConnectionRejected);
  }
  const connector = frame.connectors.active();
  if (!address || !connector) return err(ErrorCode.Unauthorized, Message.NotConnected);
  return connector.request(
    { method, params: params.value as unknown[] },
    connectionOf(frame.store.getState()).caipNetworkId,
  );
}
