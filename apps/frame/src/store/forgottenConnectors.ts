import type { ConnectionsState } from './connectionTypes.ts';
import type { FramePreferences } from './persisted.ts';

// Apart from rememberedConnectors.ts: disconnecting is in the initial JS, remembering loads with
// the connect flows and the reconnect.

/**
 * The preferences after every connection ended (disconnect, a failed reconnect): no connector
 * remembered (no silent reconnect), the connectors of `connections` added to the disconnected
 * ones (spec §3). Pure.
 */
export function forgotten(preferences: FramePreferences, connections: ConnectionsState): FramePreferences {
  const ids = [...new Set([...connections.list.map((c) => c.connectorId), ...preferences.disconnectedConnectorIds])];
  return {
    ...preferences,
    connectedConnector: null,
    connectedConnectors: {},
    connections: [],
    disconnectedConnectorIds: ids.slice(0, 16),
  };
}
