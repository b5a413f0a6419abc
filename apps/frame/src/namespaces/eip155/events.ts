import { ErrorCode, caipNetworkIdToHex, type HostEvent } from '@airlock/protocol';
import type { FrameState } from '../../store/state.ts';
import type { ProviderEvents } from '../types.ts';
import { connectionOf } from '../../store/connection.ts';

/** What an EIP-1193 provider exposes: connected, its account and its hex chain. */
export type ProviderView = { connected: boolean; address: string | null; chainId: string };

/** The eip155 provider's view; on a network of another namespace it keeps `previous`'s chain id. */
export function providerView(state: FrameState, previous?: ProviderView): ProviderView {
  const { status, address, caipNetworkId } = connectionOf(state);
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

/** The eip155 provider's events (app/events.ts runs them after each store change). */
export const eip155ProviderEvents: ProviderEvents<ProviderView> = { view: providerView, events: providerEvents };
