import { formatCaipAddress, eip155NetworkId } from '@airlock/protocol';
import type { Connector, ConnectorSession } from '../connectors/types.ts';
import type { Frame } from '../store/frame.ts';
import { findNetwork, startingNetwork } from '../store/networks.ts';
import { disconnectedOn, initialWalletConnect, type FrameState } from '../store/state.ts';
import { addRecent } from './wallets.ts';
import { refreshBalance } from './balance.ts';

/**
 * The two transitions of a connection, each ONE state change: connected (address,
 * wallet, network, remembered connector and recent wallet, and — after a prompt —
 * the modal closed or on UnsupportedChain) and disconnected (no address, no wallet).
 */

/**
 * Records a connection (spec §4 'On connect: address recorded, network and balance
 * synced, connector remembered'). `silent` (a reload's reconnect) leaves the modal
 * alone; otherwise an open modal closes, or shows UnsupportedChain when the wallet's
 * chain is not configured. `recent` is the id to list under 'Recent' (rdns or listing id).
 * The events for the dapp follow from the state change (app/events.ts).
 */
export function recordConnection(
  frame: Frame,
  connector: Connector,
  session: ConnectorSession,
  options: { silent: boolean; recent?: string | undefined; rdns?: string | undefined },
): void {
  const address = session.accounts[0]!;
  const caipNetworkId = session.caipNetworkId ?? eip155NetworkId(session.chainId);
  const configured = !!findNetwork(frame.config, caipNetworkId);
  frame.store.setState((s): Partial<FrameState> => {
    // Sign-in (spec §4): a supported network without a session goes on to SIWXSignMessage.
    const caipAddress = formatCaipAddress(caipNetworkId, address);
    const signIn = !options.silent && !!frame.runtime.siwx?.pending(s, caipAddress, caipNetworkId);
    const modal = signIn
      ? { open: true, shake: false, stack: [{ view: 'SIWXSignMessage' as const }] }
      : options.silent || !s.modal.open
        ? s.modal
        : configured
          ? { open: false, shake: false, stack: [{ view: 'Connect' as const }] }
          : { ...s.modal, stack: [{ view: 'UnsupportedChain' as const }] };
    return {
      connection: {
        status: 'connected',
        wallet: {
          connectorId: connector.id,
          type: connector.type,
          name: session.name,
          icon: session.icon,
          rdns: options.rdns,
        },
        address,
        caipAddress,
        caipNetworkId,
        balance: null,
        balanceSymbol: null,
        error: null,
        switching: null,
      },
      modal,
      // A pairing left open is over once a wallet connected (a silent reconnect leaves it alone).
      walletConnect: options.silent ? s.walletConnect : initialWalletConnect,
      preferences: {
        recentWallets: options.recent
          ? addRecent(s.preferences.recentWallets, options.recent)
          : s.preferences.recentWallets,
        activeCaipNetworkId: configured ? caipNetworkId : s.preferences.activeCaipNetworkId,
        connectedConnector: connector.ref,
      },
    };
  });
  void refreshBalance(frame);
}

/**
 * Disconnected in one state change: no address, wallet or balance; the remembered
 * connector forgotten (no silent reconnect); the network kept when configured, else
 * the starting network; the modal closed unless `keepModal`.
 */
export function recordDisconnection(frame: Frame, options: { keepModal?: boolean } = {}): void {
  frame.store.setState((s): Partial<FrameState> => {
    const keep = findNetwork(frame.config, s.connection.caipNetworkId);
    const caipNetworkId = keep ? s.connection.caipNetworkId : startingNetwork(frame.config, s.preferences);
    return {
      connection: disconnectedOn(caipNetworkId),
      preferences: { ...s.preferences, connectedConnector: null },
      modal: options.keepModal ? s.modal : { open: false, shake: false, stack: [{ view: 'Connect' }] },
    };
  });
}
