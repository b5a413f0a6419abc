import { Alert, ErrorCode, err, ok, type CaipNetworkId, type Result } from '@airlock/protocol';
import { connectionOf, NO_BALANCE } from '../store/connection.ts';
import type { WalletConnection } from '../store/connectionTypes.ts';
import { withConnectionShown, withUpdated } from '../store/connectionsCore.ts';
import type { Frame } from '../store/frame.ts';
import { findNetwork } from '../store/networks.ts';
import { replacedTop, pushed, topRoute } from '../store/routes.ts';
import type { FrameState } from '../store/state.ts';
import { refreshBalance } from './balance.ts';
import { shakeModal, showRoute } from './modal.ts';

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
 * Switches the active network (spec §2 'Network switching rule', §4):
 * not configured → 4901 'Network Not Found' to the caller and the same alert over the modal (spec §5, §8);
 * already active → ok; connected → asks the
 * active connector (the wallet's error is returned and kept for the SwitchNetwork view);
 * otherwise switches locally.
 */
export async function switchNetwork(frame: Frame, caipNetworkId: CaipNetworkId): Promise<Result<null>> {
  const network = findNetwork(frame.config, caipNetworkId);
  if (!network) {
    frame.store.setState({ apiAlert: Alert.NetworkNotFound });
    return err(ErrorCode.ChainDisconnected, `${Alert.NetworkNotFound.short}: ${Alert.NetworkNotFound.long}`);
  }
  if (connectionOf(frame.store.getState()).caipNetworkId === caipNetworkId) return ok(null);
  const connector = frame.connectors.active();
  if (!connector) {
    applyChain(frame, caipNetworkId);
    return ok(null);
  }
  if (!hasAccountOn(frame, network.chainNamespace)) {
    // Multi-wallet: the namespace's own active connection is shown (its wallet stayed connected).
    const other = namespaceConnection(frame, network.chainNamespace);
    if (other) {
      const { connectionShowing } = await import('../store/connections.ts');
      frame.store.setState((s) => ({
        active: connectionShowing(other),
        preferences: { ...s.preferences, activeCaipNetworkId: other.caipNetworkId },
      }));
      void refreshBalance(frame, { force: true });
      return other.caipNetworkId === caipNetworkId ? ok(null) : switchNetwork(frame, caipNetworkId);
    }
    showRoute(frame, { view: 'SwitchActiveChain', caipNetworkId });
    return err(
      ErrorCode.Unauthorized,
      `The connected wallet has no ${network.chainNamespace} account: connect a wallet that supports ${network.name}`,
    );
  }
  frame.store.setState((s) => ({
    active: { ...s.active, switching: { caipNetworkId, status: 'pending', error: null } },
  }));
  const result = await connector.switchNetwork(network);
  if (!result.ok) {
    frame.store.setState((s) => ({
      active: { ...s.active, switching: { caipNetworkId, status: 'error', error: result.error } },
    }));
    shakeModal(frame);
    return result;
  }
  if (frame.connectors.active() === connector) applyChain(frame, caipNetworkId);
  return ok(null);
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
