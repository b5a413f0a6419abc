import type { HostEvent } from '@airlock/protocol';
import { NAMESPACES } from '../namespaces/index.ts';
import type { FrameState } from '../store/state.ts';
import type { FrameStore } from '../store/store.ts';
import { widgetState } from '../store/widgetState.ts';

/**
 * Events derived in one place: one subscriber turns each store change into the host's
 * `state` event, each namespace's provider events (eip155: EIP-1193 `connect`,
 * `accountsChanged`, `chainChanged`, `disconnect`; solana: `accountsChanged`, `disconnect`;
 * namespaces/<name>/events.ts) and the overlay layout. Actions never emit.
 */

/** Where the derived events go (the host client). */
export type EventSink = {
  emit(event: HostEvent): Promise<void>;
  setLayout(open: boolean): Promise<void>;
};

/**
 * Starts the one subscriber: emits the current `state` now, then after each change the
 * new `state` (when the widget state changed by value), each namespace's provider events, and the
 * overlay layout when `modal.open` changed. Returns the stop function.
 */
export function startHostEvents(store: FrameStore, sink: EventSink): () => void {
  let lastJson = '';
  // One tracker per namespace plug-in, in the order of NAMESPACES (eip155 first).
  const providers = NAMESPACES.map(({ providerEvents }) => {
    let last = providerEvents.view(store.getState());
    return (state: FrameState) => {
      const view = providerEvents.view(state, last);
      for (const event of providerEvents.events(last, view)) void sink.emit(event);
      last = view;
    };
  });
  let lastOpen = store.getState().modal.open;
  const push = (state: FrameState) => {
    const next = widgetState(state);
    const json = JSON.stringify(next);
    if (json !== lastJson) {
      lastJson = json;
      void sink.emit({ type: 'state', state: next });
    }
    for (const provider of providers) provider(state);
    if (state.modal.open !== lastOpen) {
      lastOpen = state.modal.open;
      void sink.setLayout(lastOpen);
    }
  };
  push(store.getState());
  return store.subscribe(push);
}
