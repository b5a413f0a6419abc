import { chainNamespaceOf, err, ErrorCode, Message, type Result, type RpcRequest } from '@airlock/protocol';
import { namespaceNamed } from '../namespaces/index.ts';
import { connectionOf } from '../store/connection.ts';
import { activeConnectionOn, connectionShowing } from '../store/connections.ts';
import type { Frame } from '../store/frame.ts';
import type { ScopeConnection } from './scopes.ts';

/**
 * Runs `request` of a multichain scope (CAIP-27) through the request router of the scope's
 * namespace (`namespaces/<name>/request.ts`, the same checks as the dapp's per-namespace
 * provider), on `target`, the active connection of that namespace. The routers serve the
 * connection the frame shows; for another namespace's connection (several wallets with
 * `multiWallet`, or one WalletConnect session holding several namespaces) they get the frame as
 * it would be with that connection shown: the `active` slice on its network and its connector as the active
 * one, everything else the frame's own. Never throws.
 */
export function routeScopeRequest(
  frame: Frame,
  target: ScopeConnection,
  request: RpcRequest,
): Promise<Result<unknown>> {
  const chainNamespace = chainNamespaceOf(target.caipNetworkId);
  const namespace = namespaceNamed(chainNamespace);
  if (!namespace) return Promise.resolve(err(ErrorCode.ChainDisconnected, Message.ChainNotSupported));
  return namespace.request(viewOf(frame, target), { ...request, chainNamespace });
}

/** The frame as a router sees it when `target` is the connection shown (the frame itself when it is). */
function viewOf(frame: Frame, target: ScopeConnection): Frame {
  const state = frame.store.getState();
  const shown = connectionOf(state);
  if (shown.wallet?.connectorId === target.connectorId && shown.caipNetworkId === target.caipNetworkId) return frame;
  const listed = activeConnectionOn(state, chainNamespaceOf(target.caipNetworkId));
  if (!listed) return frame;
  // The active slice showing it (store/connection.ts derives the shown connection from it and the list).
  const active = connectionShowing(listed);
  const connector = frame.connectors.byId(target.connectorId) ?? null;
  return {
    ...frame,
    store: { ...frame.store, getState: () => ({ ...frame.store.getState(), active }) },
    connectors: { ...frame.connectors, active: () => connector },
  };
}
