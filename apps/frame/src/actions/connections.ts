import {
  Alert,
  err,
  formatCaipAddress,
  ErrorCode,
  noConnectionFor,
  ok,
  type ChainNamespace,
  type Connection,
  type DeleteConnectionArgs,
  type Result,
  type SwitchConnectionArgs,
} from '@airlock/protocol';
import { showAlert } from '../api/alerts.ts';
import type { Frame } from '../store/frame.ts';
import type { FrameState } from '../store/state.ts';
import { connectionsOn, deletedConnection, switchedConnection, withUpdated } from '../store/connections.ts';
import { forgottenOne } from '../store/forgottenConnection.ts';
import { remembered } from '../store/rememberedConnectors.ts';
import { refreshBalance } from './balance.ts';
import { disconnect } from './disconnect.ts';

export { listedEvent, type ListedEvent } from './listedConnectionEvents.ts';

/**
 * Multi-wallet connection management (spec §1, §6; protocol `getConnections`,
 * `switchConnection`, `deleteConnection`), thin over the store's connections slice
 * (store/connections.ts: one connection per connector and namespace, one active per namespace);
 * {@link connectionsOf} is the one place that reads them for the host. Every action needs the `multiWallet` feature; with
 * it off each answers an empty result (`[]`, or `null` with nothing done) and shows the info
 * alert 'Multi-Wallet Not Enabled' (spec §6).
 */

/** True when the effective features (spec §1, remote or local) turn multi-wallet on. Pure. */
export function multiWalletEnabled(state: FrameState): boolean {
  return state.features.features.multiWallet === true;
}

/**
 * Every connection of `state` in `chainNamespace` (the store's connections slice, most recent
 * first), the active one marked; each account with its CAIP-10 id and account type. The shown
 * connection is always one of them (it is derived from them, store/connection.ts). Pure; ignores
 * the `multiWallet` feature.
 */
export function connectionsOf(state: FrameState, chainNamespace: ChainNamespace): Connection[] {
  return connectionsOn(state, chainNamespace).map((c) => ({
    connectorId: c.connectorId,
    name: c.name,
    icon: c.icon,
    chainNamespace,
    caipNetworkId: c.caipNetworkId,
    accounts: c.accounts.map((a) => ({
      caipAddress: formatCaipAddress(c.caipNetworkId, a.address),
      address: a.address,
      type: a.type,
    })),
    active: c.active,
  }));
}

/** Every connection of `state` in any namespace (see {@link connectionsOf}). Pure. */
function allConnections(state: FrameState): Connection[] {
  const namespaces = new Set(state.connections.list.map((c) => c.chainNamespace as ChainNamespace));
  return [...namespaces].flatMap((ns) => connectionsOf(state, ns));
}

/** The feature gate of the three actions: true when on; otherwise shows 'Multi-Wallet Not Enabled' and returns false. */
function gate(frame: Frame): boolean {
  if (multiWalletEnabled(frame.store.getState())) return true;
  showAlert(frame, Alert.MultiWalletNotEnabled);
  return false;
}

/**
 * The connections of `chainNamespace` (protocol `getConnections`), the active one marked.
 * With the `multiWallet` feature off: `[]` and the info alert (spec §6). Never throws.
 */
export function listConnections(frame: Frame, chainNamespace: ChainNamespace): Connection[] {
  return gate(frame) ? connectionsOf(frame.store.getState(), chainNamespace) : [];
}

/**
 * Makes the connection of `connectorId` with the account `address` (its address or CAIP-10 id;
 * hex addresses compare without case) the active one of its namespace (protocol
 * `switchConnection`). The active connection's own account: nothing to do, `ok(null)`. With the
 * `multiWallet` feature off: `ok(null)`, nothing done, and the info alert (spec §6).
 * @returns `err(4100, 'No connector found for connection: {id}')` when no connection of that
 *   connector exists (spec §8), `err(4100, …)` naming the address when the connection has no such account.
 */
export async function switchConnection(frame: Frame, args: SwitchConnectionArgs): Promise<Result<null>> {
  if (!gate(frame)) return ok(null);
  const connection = allConnections(frame.store.getState()).find((c) => c.connectorId === args.connectorId);
  if (!connection) return err(ErrorCode.Unauthorized, noConnectionFor(args.connectorId));
  const wanted = args.address.toLowerCase();
  const account = connection.accounts.find(
    (a) => a.address === args.address || a.caipAddress === args.address || a.address.toLowerCase() === wanted,
  );
  if (!account) return err(ErrorCode.Unauthorized, `No account ${args.address} in connection: ${args.connectorId}`);
  if (connection.active && connection.accounts[0] === account) return ok(null);
  const { chainNamespace } = connection;
  const ref = frame.connectors.byId(args.connectorId)?.ref ?? null;
  frame.store.setState((s) => {
    // The chosen account first (the one in use), then the connection made the active one.
    const reordered = withUpdated(s.connections, args.connectorId, chainNamespace, (c) => ({
      ...c,
      accounts: [
        ...c.accounts.filter((a) => a.address === account.address),
        ...c.accounts.filter((a) => a.address !== account.address),
      ],
    }));
    const next = switchedConnection({ ...s, connections: reordered }, args.connectorId, chainNamespace);
    if (!next) return {};
    const connector = frame.connectors.byId(args.connectorId);
    return {
      ...next,
      preferences:
        connector && ref ? remembered(s.preferences, connector, chainNamespace, next.connections) : s.preferences,
    };
  });
  void refreshBalance(frame);
  return ok(null);
}

/**
 * Ends the connection of `connectorId` (protocol `deleteConnection`, spec §4 disconnect: the
 * connector ends its side, no silent reconnect for it). The others stay, the next of its
 * namespace becoming the active one; the last connection is a plain disconnect (the status
 * disconnected, the modal closed). With the `multiWallet` feature off:
 * `ok(null)`, nothing done, and the info alert (spec §6).
 * @returns `err(4100, 'No connector found for connection: {id}')` when no connection of that connector exists (spec §8).
 */
export function deleteConnection(frame: Frame, args: DeleteConnectionArgs): Result<null> {
  if (!gate(frame)) return ok(null);
  const state = frame.store.getState();
  const connection = allConnections(state).find((c) => c.connectorId === args.connectorId);
  if (!connection) return err(ErrorCode.Unauthorized, noConnectionFor(args.connectorId));
  // The last connection: the plain disconnect (spec §4), modal closed, every side ended.
  if (state.connections.list.length <= 1) {
    disconnect(frame);
    return ok(null);
  }
  const connector = frame.connectors.byId(args.connectorId);
  frame.store.setState((s) => {
    const next = deletedConnection(s, frame.config, args.connectorId, connection.chainNamespace);
    if (!next) return {};
    return {
      ...next,
      preferences: forgottenOne(s.preferences, args.connectorId, connector?.ref ?? null, connection.chainNamespace),
    };
  });
  // The connector ends its side only when it holds no other namespace's connection.
  if (connector && !frame.store.getState().connections.list.some((c) => c.connectorId === args.connectorId))
    void connector.disconnect();
  void refreshBalance(frame);
  return ok(null);
}
