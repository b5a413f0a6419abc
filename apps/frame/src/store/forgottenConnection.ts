import type { ConnectorRef } from '@airlock/protocol';
import type { FramePreferences } from './persisted.ts';

// Apart from forgottenConnectors.ts (in the initial JS): ending one of several connections loads
// with the multi-wallet actions.

/**
 * The preferences after the connection of `connectorId` (its ref `ref`) on `chainNamespace` ended while
 * others stay (the multiWallet feature: the host's `deleteConnection`, ProfileWallets): that
 * connector no longer remembered on that namespace nor among the connections, and added to the
 * disconnected ones (spec §3). Pure.
 */
export function forgottenOne(
  preferences: FramePreferences,
  connectorId: string,
  ref: ConnectorRef | null,
  chainNamespace: string,
): FramePreferences {
  const byNamespace = preferences.connectedConnectors as Record<string, ConnectorRef[] | undefined>;
  const kept = (byNamespace[chainNamespace] ?? []).filter((r) => !ref || JSON.stringify(r) !== JSON.stringify(ref));
  return {
    ...preferences,
    connectedConnectors: { ...preferences.connectedConnectors, [chainNamespace]: kept },
    connections: preferences.connections.filter(
      (c) => !(c.connectorId === connectorId && c.chainNamespace === chainNamespace),
    ),
    // The last connected connector, when it was this one: the namespace's next (reload restores the rest).
    connectedConnector:
      ref && JSON.stringify(preferences.connectedConnector) === JSON.stringify(ref)
        ? (kept[0] ?? null)
        : preferences.connectedConnector,
    disconnectedConnectorIds: [
      connectorId,
      ...preferences.disconnectedConnectorIds.filter((id) => id !== connectorId),
    ].slice(0, 16),
  };
}
