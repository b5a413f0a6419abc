import { ErrorCode, type HostEvent } from '@airlock/protocol';
import type { FrameState } from '../../store/state.ts';
import type { ProviderEvents } from '../types.ts';

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
export function solanaAccount(state: FrameState): string | null {
  const { status, address, caipNetworkId } = state.connection;
  return status === 'connected' && address && caipNetworkId.startsWith('solana:') ? address : null;
}

/** The solana provider's events (app/events.ts runs them after each store change). */
export const solanaProviderEvents: ProviderEvents<string | null> = { view: solanaAccount, events: solanaEvents };
