import { chainNamespaceOf, formatCaipAddress, eip155NetworkId } from '@airlock/protocol';
import type { Connector, ConnectorSession } from '../connectors/types.ts';
import type { Frame } from '../store/frame.ts';
import { findNetwork } from '../store/networks.ts';
import { connectionShowing, withConnection, type WalletConnection } from '../store/connections.ts';
import { remembered } from '../store/rememberedConnectors.ts';
import { initialWalletConnect, type FrameState } from '../store/state.ts';
import { addRecent } from './wallets.ts';
import { refreshBalance } from './balance.ts';

/**
 * The two transitions of a connection, each ONE state change: connected (here: address, wallet,
 * network, remembered connector and recent wallet, and — after a prompt — the modal closed or on
 * UnsupportedChain) and disconnected (disconnection.ts: no address, no wallet). Recording a
 * connection loads with the connect flows and the reconnect; disconnecting is in the initial JS.
 */

export { recordDisconnection } from './disconnection.ts';

/**
 * Records a connection (spec §4 'On connect: address recorded, network and balance
 * synced, connector remembered'). `silent` (a reload's reconnect) leaves the modal
 * alone, except a Connect list opened while it ran, which goes on to Account; otherwise an open modal closes, or shows UnsupportedChain when the wallet's
 * chain is not configured. `recent` is the id to list under 'Recent' (rdns or listing id).
 * The events for the dapp follow from the state change (app/events.ts).
 */
export function recordConnection(
  frame: Frame,
  connector: Connector,
  session: ConnectorSession,
  options: { silent: boolean; recent?: string | undefined; rdns?: string | undefined; explorerId?: string | undefined },
): void {
  const address = session.accounts[0]!;
  const caipNetworkId = session.caipNetworkId ?? eip155NetworkId(session.chainId ?? 0);
  const configured = !!findNetwork(frame.config, caipNetworkId);
  const chainNamespace = chainNamespaceOf(caipNetworkId);
  frame.store.setState((s): Partial<FrameState> => {
    const connection: WalletConnection = {
      connectorId: connector.id,
      type: connector.type,
      chainNamespace,
      name: session.name,
      icon: session.icon,
      rdns: options.rdns,
      ...(options.explorerId ? { explorerId: options.explorerId } : {}),
      accounts: session.accounts.map((a) => ({ address: a, type: session.accountType ?? 'eoa' })),
      caipNetworkId,
    };
    // Sign-in (spec §4): a supported network without a session goes on to SIWXSignMessage.
    const caipAddress = formatCaipAddress(caipNetworkId, address);
    const signIn = !options.silent && !!frame.runtime.siwx?.pending(s, caipAddress, caipNetworkId);
    const modal = signIn
      ? { open: true, shake: false, stack: [{ view: 'SIWXSignMessage' as const }] }
      : options.silent && openedWhileRestoring(s.modal)
        ? { ...s.modal, stack: [{ view: 'Account' as const }] }
        : options.silent || !s.modal.open
          ? s.modal
          : configured
            ? { open: false, shake: false, stack: [{ view: 'Connect' as const }] }
            : { ...s.modal, stack: [{ view: 'UnsupportedChain' as const }] };
    // With the multiWallet feature the other connections stay (spec §6); without it this one replaces them.
    const connections = withConnection(s.connections, connection, s.features.features.multiWallet === true);
    return {
      active: connectionShowing(connection),
      connections,
      modal,
      // A pairing left open is over once a wallet connected (a silent reconnect leaves it alone).
      walletConnect: options.silent ? s.walletConnect : initialWalletConnect,
      preferences: remembered(
        {
          ...s.preferences,
          recentWallets: options.recent
            ? addRecent(s.preferences.recentWallets, options.recent)
            : s.preferences.recentWallets,
          activeCaipNetworkId: configured ? caipNetworkId : s.preferences.activeCaipNetworkId,
        },
        connector,
        chainNamespace,
        connections,
      ),
    };
  });
  void refreshBalance(frame);
}

/**
 * Whether the visitor opened the modal while a reload's reconnect was still running: it then shows
 * the plain Connect list (spec §2, no address yet) and nothing else. When that reconnect succeeds the
 * modal goes on to Account, as `open()` would have chosen with the address (a Connect list beside a
 * connected wallet would tell the visitor they are not connected).
 */
function openedWhileRestoring(modal: FrameState['modal']): boolean {
  const [only, ...rest] = modal.stack;
  return modal.open && rest.length === 0 && only?.view === 'Connect' && !('namespace' in only && only.namespace);
}
