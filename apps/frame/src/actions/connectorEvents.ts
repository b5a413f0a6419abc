import { chainNamespaceOf, eip155NetworkId } from '@airlock/protocol';
import { connectionOf, NO_BALANCE } from '../store/connection.ts';
import { withUpdated } from '../store/connectionsCore.ts';
import type { Frame } from '../store/frame.ts';
import { refreshBalance } from './balance.ts';
import { recordDisconnection } from './disconnection.ts';
import { applyChain } from './network.ts';

/**
 * What the core does with the ACTIVE connector's events (app/connectors.ts drops the
 * others). Each is one state change.
 */

/** The wallet's accounts changed: [] disconnects; otherwise the first becomes the account on the active network. */
export function accountsChanged(frame: Frame, accounts: string[]): void {
  const address = accounts[0];
  if (!address) {
    walletDisconnected(frame);
    return;
  }
  const connection = connectionOf(frame.store.getState());
  if (address === connection.address) return;
  // The shown connection keeps the wallet's accounts in its order (their type as before); the
  // account shown follows (its balance is read again).
  frame.store.setState((s) => ({
    active: { ...s.active, ...NO_BALANCE },
    connections: withUpdated(
      s.connections,
      connection.wallet?.connectorId ?? '',
      chainNamespaceOf(connection.caipNetworkId),
      (c) => ({ ...c, accounts: accounts.map((a) => ({ address: a, type: c.accounts[0]?.type ?? 'eoa' })) }),
    ),
  }));
  void refreshBalance(frame);
}

/** The wallet's chain changed (decimal id): it becomes the active network. */
export function chainChanged(frame: Frame, chainId: number): void {
  applyChain(frame, eip155NetworkId(chainId));
}

/** The wallet ended the connection: disconnected (the modal stays as it is). */
export function walletDisconnected(frame: Frame): void {
  recordDisconnection(frame, { keepModal: false });
}
