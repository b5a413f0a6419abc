import { isWalletConnect } from '../connectors/walletconnect/constants.ts';
import { initialAccount, useAccountStore } from '../stores/account.ts';
import { initialConnection, useConnectionStore } from '../stores/connection.ts';
import { useNetworkStore } from '../stores/network.ts';
import { findNetwork } from '../stores/options.ts';
import { saveConnectedConnector } from '../stores/persistence.ts';
import { cancelConnect } from './connect.ts';
import { emitAccountsChanged, emitDisconnect } from './events.ts';
import { closeModal } from './modal.ts';
import { applyChain, startingNetwork } from './network.ts';

/**
 * Disconnects (spec §4): status disconnected; account, balance, connector and
 * wallet info reset; the stored connector cleared (no silent reconnect);
 * EIP-1193 `accountsChanged` [] and `disconnect` (code 4900) emitted when a
 * wallet was connected; the modal closed. A wallet chain that is not
 * configured falls back to a configured network (with `chainChanged`).
 * A WalletConnect session is deleted with the wallet (issue 3 §1).
 */
export function disconnect(): void {
  const wasConnected = useConnectionStore.getState().status === 'connected';
  if (isWalletConnect(useConnectionStore.getState().connector)) {
    void import('../connectors/walletconnect/session.ts').then((m) => m.deleteSession());
  }
  cancelConnect();
  useConnectionStore.setState({ ...initialConnection });
  useAccountStore.setState({ ...initialAccount });
  useNetworkStore.setState({ switching: null });
  saveConnectedConnector('eip155', null);
  if (!findNetwork(useNetworkStore.getState().caipNetworkId)) applyChain(startingNetwork());
  if (wasConnected) {
    emitAccountsChanged([]);
    emitDisconnect();
  }
  closeModal();
}
