import { ErrorCode, Message, cancelReason, err, type WalletAnnouncement } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { recordConnection } from './connection.ts';
import { shakeModal, showRoute } from './modal.ts';
import { solanaNetworkFor, solanaWalletOf } from './solanaConnect.ts';

/**
 * Connects a page wallet (spec §4 'On connect'): shows ConnectingExternal, asks the
 * wallet (`eth_requestAccounts`, a prompt) and its chain, then records the connection. A Solana
 * wallet's entry (see `solanaEntry`) goes through its Wallet Standard connector
 * (`standard:connect`) on the active Solana network, or the first configured one.
 * On 4001 the view shows 'Connection rejected' and pending `eth_requestAccounts` reject
 * with 4001; other errors show 'Failed to connect'. Both shake the modal (spec §2).
 */
export async function connectInjected(frame: Frame, wallet: WalletAnnouncement): Promise<void> {
  const solana = solanaWalletOf(frame, wallet);
  const id = ++frame.runtime.connectAttempt;
  const connector = solana ? frame.connectors.solana(solana) : frame.connectors.injected(wallet);
  frame.store.setState((s) => ({
    connection: {
      ...s.connection,
      status: s.connection.status === 'connected' ? 'connected' : 'connecting',
      error: null,
    },
  }));
  showRoute(frame, { view: 'ConnectingExternal', wallet });
  const caipNetworkId = solana ? solanaNetworkFor(frame, frame.store.getState().connection.caipNetworkId) : undefined;
  const result = await connector.connect(solana ? { caipNetworkId } : {});
  if (id !== frame.runtime.connectAttempt) return;
  if (!result.ok) {
    const rejected = cancelReason(result.error) === 'rejected';
    const error = rejected ? { code: ErrorCode.UserRejected, message: Message.ConnectionRejected } : result.error;
    frame.store.setState((s) => ({
      connection: { ...s.connection, status: s.connection.wallet ? 'connected' : 'disconnected', error },
    }));
    shakeModal(frame);
    if (rejected) frame.waiters.settleAccounts(err(ErrorCode.UserRejected, Message.ConnectionRejected));
    return;
  }
  recordConnection(frame, connector, result.value, { silent: false, recent: wallet.rdns, rdns: wallet.rdns });
}

/** Cancels a running connection attempt (its late result is ignored). */
export function cancelConnect(frame: Frame): void {
  frame.runtime.connectAttempt++;
}
