import { Alert, ErrorCode, err, ok, type CaipNetworkId, type Result } from '@airlock/protocol';
import { connectorSwitchChain } from '../connectors/active.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { shakeModal, useModalStore } from '../stores/modal.ts';
import { useNetworkStore } from '../stores/network.ts';
import { findNetwork } from '../stores/options.ts';
import { currentRoute, goBack, pushRoute, resetRoute } from '../stores/router.ts';
import { applyChain } from './network.ts';

/**
 * Switches the active network (spec §2 'Network switching rule', §4):
 * - not configured: 4901 with the spec §8 'Network Not Found' alert text;
 * - already active: nothing happens, `{ ok: true }`;
 * - connected: asks the wallet (`wallet_switchEthereumChain`, adding the
 *   chain on 4902); the wallet's error (4001 …) is returned and kept in the
 *   network store for the SwitchNetwork view;
 * - otherwise: switches locally.
 * On success the dapp gets `chainChanged`.
 */
export async function switchNetwork(caipNetworkId: CaipNetworkId): Promise<Result<null>> {
  const network = findNetwork(caipNetworkId);
  if (!network) {
    return err(ErrorCode.ChainDisconnected, `${Alert.NetworkNotFound.short}: ${Alert.NetworkNotFound.long}`);
  }
  if (useNetworkStore.getState().caipNetworkId === caipNetworkId) return ok(null);
  const { status, connector } = useConnectionStore.getState();
  if (status !== 'connected' || !connector) {
    applyChain(caipNetworkId);
    return ok(null);
  }
  useNetworkStore.setState({ switching: { caipNetworkId, status: 'pending', error: null } });
  const result = await connectorSwitchChain(connector, network);
  if (!result.ok) {
    useNetworkStore.setState({ switching: { caipNetworkId, status: 'error', error: result.error } });
    shakeModal();
    return result;
  }
  useNetworkStore.setState({ switching: null });
  applyChain(caipNetworkId);
  return ok(null);
}

/**
 * A network picked in the Networks or UnsupportedChain view: while connected
 * it shows SwitchNetwork ('Approve in wallet') and returns to Account on
 * success; while disconnected it switches locally and goes back.
 */
export async function selectNetwork(caipNetworkId: CaipNetworkId): Promise<void> {
  const connected = useConnectionStore.getState().status === 'connected';
  if (useNetworkStore.getState().caipNetworkId === caipNetworkId) {
    if (connected) resetRoute({ view: 'Account' });
    else goBack();
    return;
  }
  if (!connected) {
    await switchNetwork(caipNetworkId);
    goBack();
    return;
  }
  pushRoute({ view: 'SwitchNetwork', caipNetworkId });
  const result = await switchNetwork(caipNetworkId);
  if (result.ok && useModalStore.getState().open && currentRoute().view === 'SwitchNetwork') {
    resetRoute({ view: 'Account' });
  }
}
