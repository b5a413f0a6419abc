import { ErrorCode, err } from '@airlock/protocol';
import { walletConnectConnector } from '../connectors/walletconnect/constants.ts';
import type { WalletListing } from '../listing/types.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { addRecent, useConnectorsStore } from '../stores/connectors.ts';
import { shakeModal } from '../stores/modal.ts';
import { useNetworkStore } from '../stores/network.ts';
import { saveRecentWallets } from '../stores/persistence.ts';
import { currentRoute, pushRoute, replaceRoute } from '../stores/router.ts';
import { initialWalletConnect, useWalletConnectStore } from '../stores/walletConnect.ts';
import { completeConnection } from './connect.ts';
import { settleAccountsWaiters } from './modal.ts';

/**
 * WalletConnect flows of the modal (issue 3 §1): pairing with a QR code /
 * deep link, a fresh URI after expiry, cancelling, restoring after a reload.
 * The connector (`connectors/walletconnect/session.ts`) is imported on demand.
 */

const loadSession = () => import('../connectors/walletconnect/session.ts');

let run = 0;

/**
 * Opens ConnectingWalletConnect (for `wallet` from the listing, or the plain
 * WalletConnect entry) and starts a pairing; see {@link startPairing}.
 */
export function connectWalletConnect(wallet?: WalletListing): Promise<void> {
  const route = { view: 'ConnectingWalletConnect', ...(wallet ? { wallet } : {}) } as const;
  if (currentRoute().view === 'ConnectingWalletConnect') replaceRoute(route);
  else pushRoute(route);
  return startPairing(wallet);
}

/**
 * Creates a pairing URI (store `uri`, `uriCreatedAt`, status `pairing`) and
 * waits for the wallet. On approval the session's account is recorded like
 * any connection (spec §4 'On connect'; the modal closes, the dapp gets
 * `connect`/`accountsChanged`), the listing wallet becomes a recent wallet.
 * On a rejection or relay error the store holds the error (status `error`),
 * the modal shakes, pending `eth_requestAccounts` reject with 4001 when the
 * wallet rejected. Also used for 'Get a new QR code' after expiry.
 */
export async function startPairing(wallet?: WalletListing): Promise<void> {
  const id = ++run;
  useWalletConnectStore.setState({ ...initialWalletConnect, status: 'loading' });
  const session = await loadSession();
  if (id !== run) return;
  const result = await session.connectSession((uri) => {
    if (id === run) useWalletConnectStore.setState({ uri, uriCreatedAt: Date.now(), status: 'pairing', error: null });
  }, useNetworkStore.getState().caipNetworkId);
  if (id !== run) return;
  if (!result.ok) {
    useWalletConnectStore.setState({ status: 'error', error: result.error });
    shakeModal();
    const rejected = result.error.code === ErrorCode.UserRejected || result.error.code === 5000;
    if (rejected) settleAccountsWaiters(err(ErrorCode.UserRejected, 'Connection rejected'));
    return;
  }
  const { address, chainId, peerName, peerIcon } = result.value;
  useWalletConnectStore.setState({ ...initialWalletConnect });
  completeConnection(walletConnectConnector(wallet?.name ?? peerName, peerIcon), address, chainId, false);
  const recentId = wallet?.rdns || wallet?.id;
  if (recentId) {
    const recent = addRecent(useConnectorsStore.getState().recent, recentId);
    useConnectorsStore.setState({ recent });
    saveRecentWallets(recent);
  }
}

/** Stops the running pairing (the visitor left the view or closed the modal). */
export function cancelPairing(): void {
  if (useWalletConnectStore.getState().status === 'idle') return;
  run++;
  useWalletConnectStore.setState({ ...initialWalletConnect });
  void loadSession().then((s) => s.abortPairing());
}

/**
 * Restores a WalletConnect session after a reload (spec §4 'Reconnect'; no
 * new pairing): loads the connector, lets it read its stored session and
 * records the account silently. False when there is no valid session.
 */
export async function restoreWalletConnect(): Promise<boolean> {
  const session = await loadSession();
  const account = await session.restoreSession(useNetworkStore.getState().caipNetworkId);
  if (!account) return false;
  if (useConnectionStore.getState().status === 'connected') return true;
  completeConnection(walletConnectConnector(account.peerName, account.peerIcon), account.address, account.chainId, true);
  return true;
}
