import type { ConnectorRef } from '@airlock/protocol';
import type { Connector } from '../connectors/types.ts';
import type { ConnectionsState } from './connectionTypes.ts';
import type { FramePreferences } from './persisted.ts';

/**
 * What the preferences remember of the connections (spec §3): the connected connectors per
 * namespace (most recent first), the connections, the disconnected connector ids and the
 * preferred account types. Pure transitions, applied in the connection's own state change.
 */

/** The most connectors remembered per namespace. */
const MAX_PER_NAMESPACE = 8;

const sameRef = (a: ConnectorRef, b: ConnectorRef) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The preferences after `connector` connected on `chainNamespace` and the connections became
 * `connections`: it is the most recent connector of its namespace (the only one remembered when
 * `connections` holds one connection, the `multiWallet` feature being off), no longer a
 * disconnected one, and its account type the namespace's preferred one. Pure.
 */
export function remembered(
  preferences: FramePreferences,
  connector: Connector,
  chainNamespace: string,
  connections: ConnectionsState,
): FramePreferences {
  const single = connections.list.length <= 1;
  const connectedConnectors = single ? {} : { ...preferences.connectedConnectors };
  const before = (connectedConnectors as Record<string, ConnectorRef[]>)[chainNamespace] ?? [];
  const accountType = connections.list[0]?.accounts[0]?.type ?? 'eoa';
  return {
    ...preferences,
    connectedConnector: connector.ref,
    connectedConnectors: {
      ...connectedConnectors,
      [chainNamespace]: [connector.ref, ...before.filter((r) => !sameRef(r, connector.ref))].slice(
        0,
        MAX_PER_NAMESPACE,
      ),
    },
    connections: connections.list.slice(0, 16).map((c) => ({
      connectorId: c.connectorId,
      chainNamespace: c.chainNamespace as keyof FramePreferences['connectedConnectors'],
      caipNetworkId: c.caipNetworkId,
      accounts: c.accounts.slice(0, 16),
    })),
    disconnectedConnectorIds: preferences.disconnectedConnectorIds.filter((id) => id !== connector.id),
    preferredAccountTypes: { ...preferences.preferredAccountTypes, [chainNamespace]: accountType },
  };
}

/**
 * The remembered connectors, most recent first (spec §3 'connected connectors'): those of the
 * namespace of `activeNamespace` first, then the other namespaces', without repeats; the
 * last connected connector when no namespace remembers one. Pure.
 */
export function rememberedConnectors(preferences: FramePreferences, activeNamespace: string | null): ConnectorRef[] {
  const byNamespace = preferences.connectedConnectors as Record<string, ConnectorRef[] | undefined>;
  const ordered = [
    ...(activeNamespace ? (byNamespace[activeNamespace] ?? []) : []),
    ...Object.values(byNamespace).flatMap((refs) => refs ?? []),
  ];
  if (ordered.length === 0 && preferences.connectedConnector) ordered.push(preferences.connectedConnector);
  return ordered.filter((ref, i) => ordered.findIndex((r) => sameRef(r, ref)) === i);
}
