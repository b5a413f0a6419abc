import { ErrorCode, type ChainNamespace, type HostEvent } from '@airlock/protocol';
import { connectionOf } from '../store/connection.ts';
import type { ProviderEvents } from './types.ts';

/**
 * The provider events of a namespace whose provider shows one connected account (solana,
 * bip122). The view is the connected account on a network of `namespace` as
 * `<caipNetworkId> <address>`, or null. Events: `accountsChanged [address]` when the account
 * appears or changes, `accountsChanged []` then `disconnect` when it goes; with `chainChanged`,
 * `chainChanged <caipNetworkId>` when the connected account moves to another network of the
 * namespace. Pure.
 */
export function accountProviderEvents(namespace: ChainNamespace, chainChanged = false): ProviderEvents<string | null> {
  const ev = (event: 'accountsChanged' | 'chainChanged' | 'disconnect', data: unknown) =>
    ({ type: 'provider', chainNamespace: namespace, event, data }) as HostEvent;
  return {
    view(state) {
      const { status, address, caipNetworkId } = connectionOf(state);
      return status === 'connected' && address && caipNetworkId.startsWith(`${namespace}:`)
        ? `${caipNetworkId} ${address}`
        : null;
    },
    events(before, after) {
      if (before === after) return [];
      if (!after)
        return [ev('accountsChanged', []), ev('disconnect', { code: ErrorCode.Disconnected, message: 'Disconnected' })];
      const [network, address] = after.split(' ');
      const [was, had] = before?.split(' ') ?? [];
      const events: HostEvent[] = [];
      if (chainChanged && before && was !== network) events.push(ev('chainChanged', network));
      if (had !== address) events.push(ev('accountsChanged', [address]));
      return events;
    },
  };
}
