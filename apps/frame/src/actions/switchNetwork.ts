import { Alert, ErrorCode, err, ok, type CaipNetworkId, type Result } from '@airlock/protocol';
import { connectionOf } from '../store/connection.ts';
import type { Frame } from '../store/frame.ts';
import { findNetwork } from '../store/networks.ts';
import { refreshBalance } from './balance.ts';
import { shakeModal, showRoute } from './modal.ts';
import { applyChain, hasAccountOn, namespaceConnection } from './network.ts';

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
