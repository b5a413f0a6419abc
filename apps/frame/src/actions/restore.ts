import type { Frame } from '../store/frame.ts';
import { recordConnection, recordDisconnection } from './connection.ts';
import { refreshWallets, waitForSolanaWallet, waitForWallet } from './wallets.ts';
import { solanaNetworkFor } from './solanaConnect.ts';

/** How long a reload waits for the remembered wallet to be announced on the page, ms. */
export const RESTORE_WAIT_MS = 1_500;

/**
 * Restores the session after a reload (spec §4 'Reconnect'): when a connector is
 * remembered — a page wallet (rdns; waits up to {@link RESTORE_WAIT_MS} for its
 * announcement), WalletConnect (its stored session) or the embedded wallet (the secure
 * frame's session: IS_CONNECTED then GET_USER, no code) — reconnects silently (no prompt,
 * no modal). Status is `connecting` meanwhile (without an address). No wallet, no
 * account or a failure: disconnected, and the remembered connector is forgotten
 * (spec §4 'A negative or failed connection check clears the cache'). Settles
 * `frame.runtime.restored`. Never rejects.
 */
export async function restoreSession(frame: Frame): Promise<void> {
  try {
    const ref = frame.store.getState().preferences.connectedConnector;
    if (!ref) {
      await refreshWallets(frame);
      return;
    }
    frame.store.setState((s) => ({ connection: { ...s.connection, status: 'connecting' } }));
    await refreshWallets(frame);
    const caipNetworkId = frame.store.getState().connection.caipNetworkId;
    const wallet = ref.type === 'injected' ? await waitForWallet(frame, ref.rdns, RESTORE_WAIT_MS) : null;
    const solanaWallet = ref.type === 'solana' ? await waitForSolanaWallet(frame, ref.name, RESTORE_WAIT_MS) : null;
    const connector =
      ref.type === 'walletConnect'
        ? frame.connectors.walletConnect
        : ref.type === 'embedded'
          ? frame.connectors.embedded
          : wallet
            ? frame.connectors.injected(wallet)
            : solanaWallet
              ? frame.connectors.solana(solanaWallet)
              : null;
    const attempt = frame.runtime.connectAttempt;
    const session = connector
      ? await connector.restore(solanaWallet ? solanaNetworkFor(frame, caipNetworkId) : caipNetworkId)
      : null;
    const state = frame.store.getState().connection;
    if (attempt !== frame.runtime.connectAttempt || state.status === 'connected') return;
    if (connector && session) {
      recordConnection(frame, connector, session, { silent: true, rdns: wallet?.rdns });
      return;
    }
    if (state.status === 'connecting') recordDisconnection(frame, { keepModal: true });
  } catch {
    recordDisconnection(frame, { keepModal: true });
  } finally {
    frame.runtime.settleRestore();
  }
}
