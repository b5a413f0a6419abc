import { chainNamespaceOf, type CaipNetworkId, type FrameConfig } from '@airlock/protocol';
import { findNetwork } from './networks.ts';
import type { ConnectionsState, WalletConnection } from './connectionTypes.ts';
import { withUpdated } from './connectionsCore.ts';
import { connectionOf } from './connection.ts';
import { idleOn, type ActiveState, type FrameState } from './state.ts';
import type { FrameStore } from './store.ts';

export type { ConnectionAccount, ConnectionsState, WalletConnection } from './connectionTypes.ts';
export { initialConnections, withUpdated } from './connectionsCore.ts';

/**
 * The visitor's connections (spec §3 'connections', §6 multi-wallet): one per connector and chain
 * namespace, each with its accounts, their account type and its network, and ONE active
 * connection per namespace. The shown connection, the active one of the active network's
 * namespace (what the dapp sees, store/widgetState.ts), is derived from them (`connectionOf`,
 * store/connection.ts). Pure selectors and transitions:
 * actions put what they return into ONE `setState`.
 *
 * With the `multiWallet` feature off there is one connection at a time (a new one replaces it);
 * with it on, connecting another wallet keeps the others.
 */

/** A connection as listed for a namespace (the host's `getConnections`, the ProfileWallets view): with whether it is the active one. */
export type ListedConnection = WalletConnection & { active: boolean };

const same = (c: WalletConnection, connectorId: string, chainNamespace: string) =>
  c.connectorId === connectorId && c.chainNamespace === chainNamespace;

/** The connections on `chainNamespace`, most recent first, each marked active or not. Pure. */
export function connectionsOn(state: Pick<FrameState, 'connections'>, chainNamespace: string): ListedConnection[] {
  const active = state.connections.active[chainNamespace];
  return state.connections.list
    .filter((c) => c.chainNamespace === chainNamespace)
    .map((c) => ({ ...c, active: c.connectorId === active }));
}

/** The active connection on `chainNamespace`, null when it has none. Pure. */
export function activeConnectionOn(
  state: Pick<FrameState, 'connections'>,
  chainNamespace: string,
): WalletConnection | null {
  const id = state.connections.active[chainNamespace];
  return state.connections.list.find((c) => id !== undefined && same(c, id, chainNamespace)) ?? null;
}

/**
 * `connection` recorded and made the active one of its namespace: it replaces the connection of
 * the same connector and namespace and goes first; with `multiWallet` off it is the only one. Pure.
 */
export function withConnection(
  connections: ConnectionsState,
  connection: WalletConnection,
  multiWallet: boolean,
): ConnectionsState {
  const others = multiWallet
    ? connections.list.filter((c) => !same(c, connection.connectorId, connection.chainNamespace))
    : [];
  return {
    list: [connection, ...others],
    active: { ...(multiWallet ? connections.active : {}), [connection.chainNamespace]: connection.connectorId },
  };
}

/**
 * Without the connection of `connectorId` on `chainNamespace`: when it was the active one, the
 * next most recent connection of that namespace becomes active (none: the namespace has no
 * active connection). Pure.
 */
export function withoutConnection(
  connections: ConnectionsState,
  connectorId: string,
  chainNamespace: string,
): ConnectionsState {
  const list = connections.list.filter((c) => !same(c, connectorId, chainNamespace));
  const active = { ...connections.active };
  if (active[chainNamespace] === connectorId) {
    const next = list.find((c) => c.chainNamespace === chainNamespace);
    if (next) active[chainNamespace] = next.connectorId;
    else delete active[chainNamespace];
  }
  return { list, active };
}

/** The active slice showing `connection`: its network active, nothing in progress, its balance to be read. Pure. */
export function connectionShowing(connection: WalletConnection): ActiveState {
  return idleOn(connection.caipNetworkId);
}

type Slices = Pick<FrameState, 'connections' | 'active'>;

/**
 * Makes the connection of `connectorId` on `chainNamespace` the active one (the host's
 * `switchConnection`, ProfileWallets): the state change to apply, in which it is shown when its
 * namespace is the active network's (the dapp then gets `accountsChanged` / `chainChanged` for
 * that namespace only). Null when there is no such connection. Pure.
 */
export function switchedConnection(state: Slices, connectorId: string, chainNamespace: string): Slices | null {
  const connection = state.connections.list.find((c) => same(c, connectorId, chainNamespace));
  if (!connection) return null;
  const connections = { ...state.connections, active: { ...state.connections.active, [chainNamespace]: connectorId } };
  const shown = chainNamespaceOf(state.active.caipNetworkId) === chainNamespace;
  return { connections, active: shown ? connectionShowing(connection) : state.active };
}

/**
 * Deletes the connection of `connectorId` on `chainNamespace` (the host's `deleteConnection`,
 * ProfileWallets; the caller ends the connector's side): the state change to apply. When it was
 * the one shown, the next connection of that namespace is shown, or — none left — the
 * disconnected state on the same network when configured, else the first configured network.
 * Null when there is no such connection. Pure.
 */
export function deletedConnection(
  state: Slices,
  config: FrameConfig,
  connectorId: string,
  chainNamespace: string,
): Slices | null {
  if (!state.connections.list.some((c) => same(c, connectorId, chainNamespace))) return null;
  const connections = withoutConnection(state.connections, connectorId, chainNamespace);
  const before = connectionOf(state);
  const shown = before.wallet?.connectorId === connectorId && chainNamespaceOf(before.caipNetworkId) === chainNamespace;
  if (!shown) return { connections, active: state.active };
  const next = activeConnectionOn({ connections }, chainNamespace);
  if (next) return { connections, active: connectionShowing(next) };
  const keep = findNetwork(config, before.caipNetworkId);
  const fallback = (config.networks[0]?.caipNetworkId ?? before.caipNetworkId) as CaipNetworkId;
  return { connections, active: idleOn(keep ? before.caipNetworkId : fallback) };
}

/**
 * The connection of `connectorId` on `chainNamespace` holding `accounts` (a wallet's
 * `accountsChanged`, in the wallet's order; each keeps its account type, a new one takes the
 * first's). Unchanged when there is no such connection or `accounts` is empty. Pure.
 */
export function withAccounts(
  connections: ConnectionsState,
  connectorId: string,
  chainNamespace: string,
  accounts: readonly string[],
): ConnectionsState {
  if (accounts.length === 0) return connections;
  return withUpdated(connections, connectorId, chainNamespace, (c) => ({
    ...c,
    accounts: accounts.map((address) => ({
      address,
      type: c.accounts.find((a) => a.address === address)?.type ?? c.accounts[0]?.type ?? 'eoa',
    })),
  }));
}

/**
 * Every connection of `connectorId` ended (its wallet disconnected while other connections stay):
 * {@link deletedConnection} for each namespace it held, so a shown one gives way to the next of
 * its namespace. Null when it has none. Pure.
 */
export function endedConnector(
  state: Slices,
  config: FrameConfig,
  connectorId: string,
): (Slices & { chainNamespaces: string[] }) | null {
  const chainNamespaces = state.connections.list
    .filter((c) => c.connectorId === connectorId)
    .map((c) => c.chainNamespace);
  if (chainNamespaces.length === 0) return null;
  let next: Slices = state;
  for (const chainNamespace of chainNamespaces)
    next = deletedConnection(next, config, connectorId, chainNamespace) ?? next;
  return { connections: next.connections, active: next.active, chainNamespaces };
}

/**
 * The writes of a listed connection's wallet events (actions/listedConnectionEvents.ts), each
 * ONE state change on `store`: its accounts, its network, or its end (with the preferences that
 * forget it, `forget`).
 */
export const listedWrites = {
  /** The connection of `connectorId` on `chainNamespace` holds `accounts` ({@link withAccounts}). */
  accounts(store: FrameStore, connectorId: string, chainNamespace: string, accounts: readonly string[]): void {
    store.setState((s) => ({ connections: withAccounts(s.connections, connectorId, chainNamespace, accounts) }));
  },
  /** The connection of `connectorId` on the namespace of `caipNetworkId` moves to it. */
  network(store: FrameStore, connectorId: string, caipNetworkId: CaipNetworkId): void {
    store.setState((s) => ({
      connections: withUpdated(s.connections, connectorId, chainNamespaceOf(caipNetworkId), (c) => ({
        ...c,
        caipNetworkId,
      })),
    }));
  },
  /**
   * Every connection of `connectorId` ended ({@link endedConnector}); `forget` gives the
   * preferences without it on one namespace.
   */
  ended(
    store: FrameStore,
    config: FrameConfig,
    connectorId: string,
    forget: (preferences: FrameState['preferences'], chainNamespace: string) => FrameState['preferences'],
  ): void {
    store.setState((s) => {
      const next = endedConnector(s, config, connectorId);
      if (!next) return {};
      const preferences = next.chainNamespaces.reduce(forget, s.preferences);
      return { connections: next.connections, active: next.active, preferences };
    });
  },
};
