import { ErrorCode, Message, err, ok, type ChainNamespace, type Result } from '@airlock/protocol';
import { openModal } from '../actions/modal.ts';
import type { Frame } from '../store/frame.ts';
import type { DappRequest } from './types.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * The request router of a namespace whose provider asks the connected wallet for everything
 * (cosmos, polkadot): `params` are the request's, already validated by the namespace.
 * - `accounts` (`cosmos_getAccounts`, …): the connector's answer while connected on a network of
 *   `namespace`, else `[]`;
 * - `requestAccounts`: the same, or opens the modal on Connect for `namespace` and answers once the
 *   visitor connects (4001 when the modal closes or the wallet connected is not of `namespace`);
 * - anything else: to the active connector with the active network (4100 unless connected on a
 *   network of `namespace`).
 * Account-bound answers wait for a running silent reconnect. Never throws.
 */
export async function routeAccountRequest(
  frame: Frame,
  namespace: ChainNamespace,
  request: DappRequest,
  params: unknown[],
  methods: { accounts: string; requestAccounts: string },
): Promise<Result<unknown>> {
  await frame.runtime.restored;
  const connected = () => {
    const { status, address, caipNetworkId } = connectionOf(frame.store.getState());
    return status === 'connected' && !!address && caipNetworkId.startsWith(`${namespace}:`);
  };
  const ask = () => {
    const connector = frame.connectors.active();
    return connector
      ? connector.request({ method: request.method, params }, connectionOf(frame.store.getState()).caipNetworkId)
      : Promise.resolve(err(ErrorCode.Unauthorized, Message.NotConnected));
  };
  if (request.method === methods.accounts) return connected() ? ask() : ok([]);
  if (request.method === methods.requestAccounts) {
    if (connected()) return ask();
    const waiting = frame.waiters.untilAccounts();
    openModal(frame, { view: 'Connect', namespace });
    const result = await waiting;
    if (!result.ok) return result;
    return connected() ? ask() : err(ErrorCode.UserRejected, Message.ConnectionRejected);
  }
  if (!connected()) return err(ErrorCode.Unauthorized, Message.NotConnected);
  return ask();
}
