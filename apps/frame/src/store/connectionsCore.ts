import type { ConnectionsState, WalletConnection } from './connectionTypes.ts';

// The part of the connections slice the initial JS needs (the frame's start, wallet events, a
// network switch); the rest (connect, switch, delete) is in connections.ts, which loads with them.

/** No connection. */
export const initialConnections: ConnectionsState = { list: [], active: {} };

/**
 * The connection of `connectorId` on `chainNamespace` with `update` applied (accounts changed,
 * network moved); unchanged when there is none. Pure.
 */
export function withUpdated(
  connections: ConnectionsState,
  connectorId: string,
  chainNamespace: string,
  update: (connection: WalletConnection) => WalletConnection,
): ConnectionsState {
  if (!connections.list.some((c) => c.connectorId === connectorId && c.chainNamespace === chainNamespace))
    return connections;
  return {
    ...connections,
    list: connections.list.map((c) =>
      c.connectorId === connectorId && c.chainNamespace === chainNamespace ? update(c) : c,
    ),
  };
}

/**
 * `connection` recorded (replacing the one of the same connector and namespace, first in the
 * list) and made the active one of its namespace; the other connections kept. Pure.
 */
export function withConnectionShown(connections: ConnectionsState, connection: WalletConnection): ConnectionsState {
  const others = connections.list.filter(
    (c) => !(c.connectorId === connection.connectorId && c.chainNamespace === connection.chainNamespace),
  );
  return {
    list: [connection, ...others],
    active: { ...connections.active, [connection.chainNamespace]: connection.connectorId },
  };
}
