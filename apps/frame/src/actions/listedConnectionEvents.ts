import { eip155NetworkId } from '@airlock/protocol';
import type { Connector } from '../connectors/types.ts';
import { listedWrites } from '../store/connections.ts';
import { forgottenOne } from '../store/forgottenConnection.ts';
import type { Frame } from '../store/frame.ts';
import { refreshBalance } from './balance.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * The wallet events of a listed connection that is NOT the one shown (`connectionOf`, store/connection.ts)
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
  listedWrites.accounts(frame.store, connector.id, connector.namespaces[0] ?? '', accounts);
}

/** A listed connector's EIP-1193 chain changed (decimal id): its connection on that namespace moves to it. */
export function listedChainChanged(frame: Frame, connector: Connector, chainId: number): void {
  listedWrites.network(frame.store, connector.id, eip155NetworkId(chainId));
}

/**
 * A connector's wallet ended its connection while other connections stay: each of its
 * connections removed, the connector forgotten on those namespaces and added to the
 * disconnected ones (spec §3); a shown one gives way to the next of its namespace.
 */
export function listedConnectionEnded(frame: Frame, connector: Connector): void {
  const shown = connectionOf(frame.store.getState()).wallet?.connectorId === connector.id;
  listedWrites.ended(frame.store, frame.config, connector.id, (preferences, chainNamespace) =>
    forgottenOne(preferences, connector.id, connector.ref, chainNamespace),
  );
  if (shown) void refreshBalance(frame);
}
