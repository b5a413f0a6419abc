import { chainNamespaceOf, formatCaipAddress } from '@airlock/protocol';
import type { ConnectionsState } from './connectionTypes.ts';
import type { ActiveState, ConnectionState, FrameState } from './state.ts';

// The shown connection, derived (in the initial JS: the dapp's state, the events and the views read it).

type Sources = Pick<FrameState, 'active' | 'connections'>;

/** The active slice's balance fields with no balance read (spread into it when the account or network shown changes). */
export const NO_BALANCE = {
  balanceOf: null,
  balance: null,
  balanceSymbol: null,
  balanceUnavailable: false,
} as const satisfies Partial<ActiveState>;

/** The last value per active slice, with the connections it was derived from (a store holds one of each at a time). */
const cache = new WeakMap<ActiveState, { connections: ConnectionsState; value: ConnectionState }>();

/**
 * The shown connection (spec §3 account state, §4 status): the active connection of the active
 * network's namespace (`connections.active`), on its own network, with its first account; or,
 * when that namespace has none, `connecting` while a connect runs and `disconnected` otherwise.
 * The balance is the one read for the shown account only. Derived from the `connections` and
 * `active` slices and nothing else, so the two can never disagree; the same slices give the same
 * object (a view's `useFrameState((s) => connectionOf(s))` re-renders only when they change). Pure.
 */
export function connectionOf(state: Sources): ConnectionState {
  const cached = cache.get(state.active);
  if (cached && cached.connections === state.connections) return cached.value;
  const value = derived(state.active, state.connections);
  cache.set(state.active, { connections: state.connections, value });
  return value;
}

function derived(active: ActiveState, connections: ConnectionsState): ConnectionState {
  const chainNamespace = chainNamespaceOf(active.caipNetworkId);
  const id = connections.active[chainNamespace];
  const shown =
    id === undefined
      ? undefined
      : connections.list.find((c) => c.connectorId === id && c.chainNamespace === chainNamespace);
  const account = shown?.accounts[0];
  const { error, switching } = active;
  if (!shown || !account)
    return {
      status: active.connecting ? 'connecting' : 'disconnected',
      wallet: null,
      address: null,
      caipAddress: null,
      accounts: [],
      accountType: null,
      caipNetworkId: active.caipNetworkId,
      balance: null,
      balanceSymbol: null,
      balanceUnavailable: false,
      error,
      switching,
    };
  const caipAddress = formatCaipAddress(shown.caipNetworkId, account.address);
  const read = active.balanceOf === caipAddress;
  return {
    status: 'connected',
    wallet: {
      connectorId: shown.connectorId,
      type: shown.type,
      name: shown.name,
      icon: shown.icon,
      rdns: shown.rdns,
      explorerId: shown.explorerId,
    },
    address: account.address,
    caipAddress,
    accounts: shown.accounts,
    accountType: account.type,
    caipNetworkId: shown.caipNetworkId,
    balance: read ? active.balance : null,
    balanceSymbol: read ? active.balanceSymbol : null,
    balanceUnavailable: read && active.balanceUnavailable,
    error,
    switching,
  };
}
