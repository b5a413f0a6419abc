import { useConnectionStore } from '../stores/connection.ts';
import { useConnectorsStore } from '../stores/connectors.ts';
import { loadConnectedConnector, loadRecentWallets, saveConnectedConnector } from '../stores/persistence.ts';
import { WALLETCONNECT_RDNS } from '../connectors/walletconnect/constants.ts';
import { reconnectSilently } from './connect.ts';
import { refreshWallets, waitForWallet } from './wallets.ts';

/** How long a reload waits for the remembered wallet to be announced on the page, ms. */
export const RESTORE_WAIT_MS = 1_500;

let restoring: Promise<void> = Promise.resolve();
let settlePending: (() => void) | null = null;

/**
 * Marks a restore as pending before the host connection exists, so dapp
 * requests that arrive during the handshake (`eth_accounts` …) wait for it.
 * {@link restoreSession} settles it.
 */
export function expectRestore(): void {
  restoring = new Promise((resolve) => (settlePending = resolve));
}

/** Resolves once the silent reconnect after a reload has finished (at once when none runs). */
export function whenRestored(): Promise<void> {
  return restoring;
}

/**
 * Restores the session after a reload (spec §4 'Reconnect'): loads the recent
 * wallets, and when a connector (rdns) is remembered for eip155 waits up to
 * {@link RESTORE_WAIT_MS} for that wallet to be announced (`wallets.list` and
 * walletEvent 'announced'), then reconnects silently with `eth_accounts`
 * (no prompt). No wallet, no account or a failure: disconnected, and the
 * remembered connector is cleared (spec §4 'A negative or failed connection
 * check clears the cache'). Status is `connecting` meanwhile. A remembered
 * WalletConnect session (issue 3) is restored by the lazy-loaded connector
 * from its stored session, without a new pairing.
 */
export function restoreSession(): Promise<void> {
  const settle = settlePending;
  settlePending = null;
  restoring = run().finally(() => settle?.());
  return restoring;
}

async function run(): Promise<void> {
  useConnectorsStore.setState({ recent: loadRecentWallets() });
  const rdns = loadConnectedConnector('eip155');
  if (!rdns) {
    await refreshWallets();
    return;
  }
  useConnectionStore.setState({ status: 'connecting' });
  await refreshWallets();
  let restored = false;
  if (rdns === WALLETCONNECT_RDNS) restored = await import('./walletConnect.ts')
      .then((m) => m.restoreWalletConnect())
      .catch(() => false);
  else {
    const wallet = await waitForWallet(rdns, RESTORE_WAIT_MS);
    restored = wallet ? await reconnectSilently(wallet) : false;
  }
  if (restored) return;
  saveConnectedConnector('eip155', null);
  if (useConnectionStore.getState().status === 'connecting' && !useConnectionStore.getState().connector) {
    useConnectionStore.setState({ status: 'disconnected' });
  }
}
