import type { CaipNetworkId } from '@airlock/protocol';
import { connectionOf, NO_BALANCE } from '../store/connection.ts';
import type { WalletConnection } from '../store/connectionTypes.ts';
import { withConnectionShown, withUpdated } from '../store/connectionsCore.ts';
import type { Frame } from '../store/frame.ts';
import { findNetwork } from '../store/networks.ts';
import { replacedTop, pushed, topRoute } from '../store/routes.ts';
import type { FrameState } from '../store/state.ts';
import { refreshBalance } from './balance.ts';

/**
 * Makes `caipNetworkId` the active network in one state change: remembered when
 * configured, the account's caipAddress moved to it (balance cleared), and — while
 * connected with the modal open — UnsupportedChain shown for a chain that is not
 * configured (or left for Account when it is). The dapp's `chainChanged` follows.
 * Nothing happens when it is already active.
 */
export function applyChain(frame: Frame, caipNetworkId: CaipNetworkId): void {
  const connection = connectionOf(frame.store.getState());
  if (connection.caipNetworkId === caipNetworkId) return;
  const configured = !!findNetwork(frame.config, caipNetworkId);
  const connected = connection.status === 'connected';
  // Across namespaces (spec §4 per-namespace accounts) the account is the connector's one there.
  const namespace = caipNetworkId.split(':')[0]!;
  const crossed = !connection.caipNetworkId.startsWith(`${namespace}:`);
  const other = crossed ? (frame.connectors.active()?.accountOn?.(namespace) ?? null) : null;
  frame.store.setState((s): Partial<FrameState> => {
    const top = topRoute(s.modal.stack).view;
    let stack = s.modal.stack;
    if (connected && s.modal.open && !configured && top !== 'UnsupportedChain')
      stack = pushed(stack, { view: 'UnsupportedChain' });
    if (connected && s.modal.open && configured && top === 'UnsupportedChain')
      stack = replacedTop(stack, { view: 'Account' });
    return {
      active: { ...s.active, caipNetworkId, switching: null, ...NO_BALANCE },
      // The shown connection moves with it when the network stays in its namespace; across
      // namespaces, the wallet's account there is its connection on that namespace, the active one.
      connections: !crossed
        ? withUpdated(s.connections, connection.wallet?.connectorId ?? '', namespace, (c) => ({ ...c, caipNetworkId }))
        : other && connection.wallet
          ? withConnectionShown(s.connections, {
              ...connection.wallet,
              chainNamespace: namespace,
              accounts: [{ address: other, type: 'eoa' }],
              caipNetworkId,
            })
          : s.connections,
      preferences: configured ? { ...s.preferences, activeCaipNetworkId: caipNetworkId } : s.preferences,
      modal: stack === s.modal.stack ? s.modal : { ...s.modal, stack },
    };
  });
  // A network the visitor or the wallet just switched to shows a fresh figure (not the one cached there).
  if (connected) void refreshBalance(frame, { force: true });
}

/**
 * True when the connection has an account on `chainNamespace` (spec §2): the connected network's
 * namespace, or one the active connector holds an account on (a WalletConnect session with
 * eip155 and solana accounts).
 */
export function hasAccountOn(frame: Frame, chainNamespace: string): boolean {
  const { caipNetworkId } = connectionOf(frame.store.getState());
  if (caipNetworkId.startsWith(`${chainNamespace}:`)) return true;
  return !!frame.connectors.active()?.accountOn?.(chainNamespace);
}

/**
 * With the `multiWallet` feature (spec §6: one active connection per namespace) the active
 * connection of `chainNamespace` when its wallet is not the shown one's; null otherwise, or with
 * the feature off.
 */
export function namespaceConnection(frame: Frame, chainNamespace: string): WalletConnection | null {
  const state = frame.store.getState();
  if (state.features.features.multiWallet !== true) return null;
  const id = state.connections.active[chainNamespace];
  if (id === undefined || id === connectionOf(state).wallet?.connectorId) return null;
  return state.connections.list.find((c) => c.connectorId === id && c.chainNamespace === chainNamespace) ?? null;
}
