import { ErrorCode, Message, err, type Result } from '@airlock/protocol';
import { Bip122RequestParamsSchemas, isBip122RequestMethod } from '@airlock/protocol/bip122Wallets';
import { validate } from '@airlock/protocol';
import { openModal } from '../../actions/modal.ts';
import type { Frame } from '../../store/frame.ts';
import type { DappRequest } from '../types.ts';
import { connectionOf } from '../../store/connection.ts';

/**
 * Routes a request of `getProvider('bip122')` (protocol `Bip122RequestParamsSchemas`; params
 * validated, -32602 when malformed, 4200 for another method):
 * - `getAccounts`: the connected accounts (payment, ordinals) while connected on a bip122 network, else `[]`;
 * - `requestAccounts`: those accounts, or opens the modal on Connect and answers once the visitor
 *   connects (4001 when the modal closes or the wallet connected is not a Bitcoin one);
 * - `signMessage`, `signPsbt`, `sendTransfer`: to the active connector with the active network
 *   (4100 unless connected on a bip122 network). Account-bound answers wait for a running silent
 *   reconnect. Never throws.
 */
export async function routeBip122Request(frame: Frame, request: DappRequest): Promise<Result<unknown>> {
  const { method } = request;
  if (!isBip122RequestMethod(method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(Bip122RequestParamsSchemas[method], request.params ?? []);
  if (!params.ok) return params;
  await frame.runtime.restored;
  const connected = () => {
    const { status, address, caipNetworkId } = connectionOf(frame.store.getState());
    return status === 'connected' && !!address && caipNetworkId.startsWith('bip122:');
  };
  const accounts = () =>
    frame.connectors
      .active()!
      .request({ method: 'getAccounts', params: [] }, connectionOf(frame.store.getState()).caipNetworkId);
  if (method === 'getAccounts') return connected() ? accounts() : { ok: true, value: [] };
  if (method === 'requestAccounts') {
    if (connected()) return accounts();
    const waiting = frame.waiters.untilAccounts();
    openModal(frame, { view: 'Connect' });
    const result = await waiting;
    if (!result.ok) return result;
    return connected() ? accounts() : err(ErrorCode.UserRejected, Message.ConnectionRejected);
  }
  const connector = frame.connectors.active();
  if (!connected() || !connector) return err(ErrorCode.Unauthorized, Message.NotConnected);
  return connector.request(
    { method, params: params.value as unknown[] },
    connectionOf(frame.store.getState()).caipNetworkId,
  );
}
