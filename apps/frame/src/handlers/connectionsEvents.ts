import { CHAIN_NAMESPACES, type ChainNamespace, type Connection } from '@airlock/protocol';
import { connectionsOf, multiWalletEnabled } from '../actions/connections.ts';
import type { Frame } from '../store/frame.ts';
import type { FrameState } from '../store/state.ts';

/**
 * The host's `connections` event (protocol ConnectionsEvent, spec §1 multi-wallet), derived from
 * the store: for each chain namespace, what `getConnections` would answer, and an event when that
 * changes by value. While the `multiWallet` feature is off the answer is `[]` (no event unless it
 * just turned off with connections listed).
 */

/** What the dapp's `getConnections(chainNamespace)` would answer in `state`, without the alert. Pure. */
function visible(state: FrameState, chainNamespace: ChainNamespace): Connection[] {
  return multiWalletEnabled(state) ? connectionsOf(state, chainNamespace) : [];
}

/**
 * Starts following the store: now and after each change, emits `{ type: 'connections',
 * chainNamespace, connections }` for each namespace whose connections differ from the last ones
 * emitted (none before the start: a frame that starts connected, or loads this module once
 * connected, emits them at once). Returns the stop function.
 */
export function startConnectionsEvents(frame: Frame): () => void {
  const last = new Map<ChainNamespace, string>(CHAIN_NAMESPACES.map((ns) => [ns, '[]']));
  const check = (state: FrameState) => {
    for (const chainNamespace of CHAIN_NAMESPACES) {
      const connections = visible(state, chainNamespace);
      const json = JSON.stringify(connections);
      if (json === last.get(chainNamespace)) continue;
      last.set(chainNamespace, json);
      void frame.host.emit({ type: 'connections', chainNamespace, connections });
    }
  };
  check(frame.store.getState());
  return frame.store.subscribe(check);
}
