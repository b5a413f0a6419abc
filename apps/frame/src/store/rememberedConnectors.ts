import type { ConnectorRef } from '@airlock/protocol';
import type { Connector } from '../connectors/types.ts';
import type { ConnectionsState } from './connectionTypes.ts';
import { EXPLORER_ID_PATTERN, RDNS_PATTERN, type FramePreferences, type PersistedConnection } from './persisted.ts';

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
    connections: connections.list.slice(0, 16).map(persistedConnection),
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

/**
 * What is stored of a connection (spec §3 'connections'): connector, namespace, network, accounts, and
 * the wallet's `rdns` (reverse-DNS shaped only: a WalletConnect wallet without one shows its listing
 * id there, which {@link restoredWalletIds} takes back from `explorerId`) and `explorerId`. Pure.
 */
export function persistedConnection(c: ConnectionsState['list'][number]): PersistedConnection {
  return {
    connectorId: c.connectorId,
    chainNamespace: c.chainNamespace as PersistedConnection['chainNamespace'],
    caipNetworkId: c.caipNetworkId,
    ...(c.rdns && c.rdns.length <= 128 && RDNS_PATTERN.test(c.rdns) ? { rdns: c.rdns } : {}),
    ...(c.explorerId && EXPLORER_ID_PATTERN.test(c.explorerId) ? { explorerId: c.explorerId } : {}),
    accounts: c.accounts.slice(0, 16),
  };
}

/**
 * The `rdns` and `explorerId` a reload's reconnect shows for `connector` on `chainNamespace`
 * (spec §3 connectedWalletInfo, as before the reload): the connector's own rdns (a page wallet's
 * EIP-6963 announcement) or the persisted one, else the persisted listing id (a WalletConnect
 * wallet without rdns showed its listing id as rdns); the persisted `explorerId`. Pure.
 */
export function restoredWalletIds(
  preferences: FramePreferences,
  connector: Pick<Connector, 'id' | 'rdns'>,
  chainNamespace: string,
): { rdns?: string | undefined; explorerId?: string | undefined } {
  const own = preferences.connections.find(
    (c) => c.connectorId === connector.id && c.chainNamespace === chainNamespace,
  );
  return { rdns: connector.rdns ?? own?.rdns ?? own?.explorerId, explorerId: own?.explorerId };
}
