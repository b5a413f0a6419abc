import { ErrorCode, caipNetworkIdToHex, type HostEvent } from '@airlock/protocol';
import type { FrameState } from '../store/state.ts';
import type { FrameStore } from '../store/store.ts';
import { widgetState } from '../store/widgetState.ts';

/**
 * Events derived in one place: one subscriber turns each store change into the host's
 * `state` event, the EIP-1193 events (`connect`, `accountsChanged`, `chainChanged`,
 * `disconnect`) and the overlay layout. Actions never emit.
 */

/** What an EIP-1193 provider exposes: connected, its account and its hex chain. */
type ProviderView = { connected: boolean; address: string | null; chainId: string };

/** The eip155 provider's view; on a network of another namespace it keeps `previous`'s chain id. */
function providerView(state: FrameState, previous?: ProviderView): ProviderView {
  const { status, address, caipNetworkId } = state.connection;
  const eip155 = caipNetworkId.startsWith('eip155:');
  const connected = status === 'connected' && !!address && eip155;
  const chainId = eip155 ? (caipNetworkIdToHex(caipNetworkId) ?? '0x0') : (previous?.chainId ?? '0x0');
  return { connected, address: connected ? address : null, chainId };
}

/**
 * The EIP-1193 events between two provider views, in the order a dapp expects:
 * connect → (`chainChanged` when the chain moved) `connect` `accountsChanged [a]`;
 * disconnect → `accountsChanged []` `disconnect 4900` (then `chainChanged` when the
 * network fell back); otherwise `chainChanged` and/or `accountsChanged`. Pure.
 */
export function providerEvents(before: ProviderView, after: ProviderView): HostEvent[] {
  const ev = (event: 'connect' | 'accountsChanged' | 'chainChanged' | 'disconnect', data: unknown) =>
    ({ type: 'provider', chainNamespace: 'eip155', event, data }) as HostEvent;
  const chainMoved = before.chainId !== after.chainId;
  if (!before.connected && after.connected) {
    return [
      ...(chainMoved ? [ev('chainChanged', after.chainId)] : []),
      ev('connect', { chainId: after.chainId }),
      ev('accountsChanged', [after.address]),
    ];
  }
  if (before.connected && !after.connected) {
    return [
      ev('accountsChanged', []),
      ev('disconnect', { code: ErrorCode.Disconnected, message: 'Disconnected' }),
      ...(chainMoved ? [ev('chainChanged', after.chainId)] : []),
    ];
  }
  const events: HostEvent[] = [];
  if (chainMoved) events.push(ev('chainChanged', after.chainId));
  if (after.connected && before.address !== after.address) events.push(ev('accountsChanged', [after.address]));
  return events;
}

/**
 * The solana provider's events between two states: `accountsChanged [address]` when the
 * account on a solana network appears or changes, `accountsChanged []` then `disconnect` when it
 * goes (the host's Solana provider turns these into `connect` / `accountChanged` /
 * `disconnect`). Pure.
 */
export function solanaEvents(before: string | null, after: string | null): HostEvent[] {
  if (before === after) return [];
  const ev = (event: 'accountsChanged' | 'disconnect', data: unknown) =>
    ({ type: 'provider', chainNamespace: 'solana', event, data }) as HostEvent;
  return after
    ? [ev('accountsChanged', [after])]
    : [ev('accountsChanged', []), ev('disconnect', { code: ErrorCode.Disconnected, message: 'Disconnected' })];
}

/** The connected account on a solana network, or null. */
function solanaAccount(state: FrameState): string | null {
  const { status, address, caipNetworkId } = state.connection;
  return status === 'connected' && address && caipNetworkId.startsWith('solana:') ? address : null;
}

/** Where the derived events go (the host client). */
export type EventSink = {
  emit(event: HostEvent): Promise<void>;
  setLayout(open: boolean): Promise<void>;
};

/**
 * Starts the one subscriber: emits the current `state` now, then after each change the
 * new `state` (when the widget state changed by value), the EIP-1193 events, and the
 * overlay layout when `modal.open` changed. Returns the stop function.
 */
export function startHostEvents(store: FrameStore, sink: EventSink): () => void {
  let lastJson = '';
  let lastView = providerView(store.getState());
  let lastSolana = solanaAccount(store.getState());
  let lastOpen = store.getState().modal.open;
  const push = (state: FrameState) => {
    const next = widgetState(state);
    const json = JSON.stringify(next);
    if (json !== lastJson) {
      lastJson = json;
      void sink.emit({ type: 'state', state: next });
    }
    const view = providerView(state, lastView);
    for (const event of providerEvents(lastView, view)) void sink.emit(event);
    lastView = view;
    const solana = solanaAccount(state);
    for (const event of solanaEvents(lastSolana, solana)) void sink.emit(event);
    lastSolana = solana;
    if (state.modal.open !== lastOpen) {
      lastOpen = state.modal.open;
      void sink.setLayout(lastOpen);
    }
  };
  push(store.getState());
  return store.subscribe(push);
}
