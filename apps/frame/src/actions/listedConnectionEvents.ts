import { chainNamespaceOf, eip155NetworkId } from '@airlock/protocol';
import type { Connector } from '../connectors/types.ts';
import { endedConnector, withAccounts, withUpdated } from '../store/connections.ts';
import { forgottenOne } from '../store/forgottenConnection.ts';
import type { Frame } from '../store/frame.ts';
import { refreshBalance } from './balance.ts';

/**
 * The wallet events of a listed connection that is NOT the one the `connection` slice shows
 * (multi-wallet, spec §6): each changes that connection in the connections slice, in one state
 * change, and nothing the dapp's providers derive from — the dapp hears of it through the
 * `connections` event only. A wallet that ends its connection while others stay ends only its
 * own (the next of its namespace becomes active, and is shown when it was). app/connectors.ts
 * loads it with the multi-wallet actions (connections.ts) when such an event arrives
 * (connectorEvents.ts has the shown connector's).
 */

/** A wallet event of a listed connection: its accounts (non-empty), its EIP-1193 chain (decimal id), or its end. */
export type ListedEvent =
  | { type: 'accounts'; accounts: string[] }
  | { type: 'chain'; chainId: number }
  | { type: 'end' };

/** Applies `event` of `connector`'s listed connection (see the file comment). */
export function listedEvent(frame: Frame, connector: Connector, event: ListedEvent): void {
  if (event.type === 'accounts') listedAccountsChanged(frame, connector, event.accounts);
  else if (event.type === 'chain') listedChainChanged(frame, connector, event.chainId);
  else listedConnectionEnded(frame, connector);
}

/** A listed connector's accounts changed (non-empty; its namespace is the connector's first). */
export function listedAccountsChanged(frame: Frame, connector: Connector, accounts: string[]): void {
  const chainNamespace = connector.namespaces[0] ?? '';
  frame.store.setState((s) => ({ connections: withAccounts(s.connections, connector.id, chainNamespace, accounts) }));
}

/** A listed connector's EIP-1193 chain changed (decimal id): its connection on that namespace moves to it. */
export function listedChainChanged(frame: Frame, connector: Connector, chainId: number): void {
  const caipNetworkId = eip155NetworkId(chainId);
  frame.store.setState((s) => ({
    connections: withUpdated(s.connections, connector.id, chainNamespaceOf(caipNetworkId), (c) => ({
      ...c,
      caipNetworkId,
    })),
  }));
}

/**
 * A connector's wallet ended its connection while other connections stay: each of its
 * connections removed, the connector forgotten on those namespaces and added to the
 * disconnected ones (spec §3); a shown one gives way to the next of its namespace.
 */
export function listedConnectionEnded(frame: Frame, connector: Connector): void {
  const shown = frame.store.getState().connection.wallet?.connectorId === connector.id;
  frame.store.setState((s) => {
    const next = endedConnector(s, frame.config, connector.id);
    if (!next) return {};
    const preferences = next.chainNamespaces.reduce(
      (p, chainNamespace) => forgottenOne(p, connector.id, connector.ref, chainNamespace),
      s.preferences,
    );
    return { connections: next.connections, connection: next.connection, preferences };
  });
  if (shown) void refreshBalance(frame);
}
