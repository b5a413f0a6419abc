import type { CaipNetworkId } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { findNetwork } from '../store/networks.ts';
import { cancelConnect } from './cancelConnect.ts';
import { recordDisconnection } from './disconnection.ts';
import { currentRoute, goBack, pushRoute, resetRoute } from './modal.ts';
import { applyChain, hasAccountOn, namespaceConnection } from './network.ts';
import { switchNetwork } from './switchNetwork.ts';
import { connectionOf } from '../store/connection.ts';

// The network actions only views call (Networks, UnsupportedChain, SwitchActiveChain): apart from
// ./network.ts, which the dapp's requests need at start, so they load with the views.

/**
 * SwitchActiveChain's action (spec §2 'navigateTo Connect, navigateWithReplace'): the visitor has
 * no account on the target's namespace, so the wallet is disconnected (the modal stays), the
 * target becomes the active network and Connect replaces the stack. With the `multiWallet`
 * feature the wallet stays connected on its namespace (listed, its namespace's active one, shown
 * again when a network of it is picked); only the shown connection becomes disconnected.
 */
export function switchActiveChain(frame: Frame, caipNetworkId: CaipNetworkId): void {
  const connector = frame.connectors.active();
  cancelConnect(frame);
  // With multiWallet the shown connection is no longer shown once the network is the target's
  // (a namespace it has no account on); without it, the wallet is disconnected.
  if (frame.store.getState().features.features.multiWallet !== true) {
    recordDisconnection(frame, { keepModal: true });
    if (connector) void connector.disconnect();
  }
  applyChain(frame, caipNetworkId);
  resetRoute(frame, { view: 'Connect' });
}

/**
 * A network picked in Networks or UnsupportedChain (spec §2 network switching rule): while
 * connected it shows SwitchNetwork ('Approve in wallet') and returns to Account on success; while
 * disconnected it shows SwitchNetwork as the visitor's confirmation ({@link confirmNetworkSwitch}),
 * or, with the dapp's `ignoreSwitchConfirmation`, switches locally at once and goes back.
 */
export async function selectNetwork(frame: Frame, caipNetworkId: CaipNetworkId): Promise<void> {
  const connected = connectionOf(frame.store.getState()).status === 'connected';
  if (connectionOf(frame.store.getState()).caipNetworkId === caipNetworkId) {
    if (connected) resetRoute(frame, { view: 'Account' });
    else goBack(frame);
    return;
  }
  if (!connected) {
    if (frame.config.ignoreSwitchConfirmation === true) await confirmNetworkSwitch(frame, caipNetworkId);
    else pushRoute(frame, { view: 'SwitchNetwork', caipNetworkId });
    return;
  }
  const network = findNetwork(frame.config, caipNetworkId);
  if (network && !hasAccountOn(frame, network.chainNamespace) && !namespaceConnection(frame, network.chainNamespace)) {
    pushRoute(frame, { view: 'SwitchActiveChain', caipNetworkId });
    return;
  }
  pushRoute(frame, { view: 'SwitchNetwork', caipNetworkId });
  const result = await switchNetwork(frame, caipNetworkId);
  if (result.ok && frame.store.getState().modal.open && currentRoute(frame).view === 'SwitchNetwork')
    resetRoute(frame, { view: 'Account' });
}

/**
 * The disconnected switch, confirmed (spec §2 'Otherwise SwitchNetwork opens'): SwitchNetwork leaves
 * the stack, the network becomes the active one locally (no wallet to ask), and the view under
 * Networks shows again.
 */
export async function confirmNetworkSwitch(frame: Frame, caipNetworkId: CaipNetworkId): Promise<void> {
  if (currentRoute(frame).view === 'SwitchNetwork') goBack(frame);
  await switchNetwork(frame, caipNetworkId);
  goBack(frame);
}
