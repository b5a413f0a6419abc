import type { WalletEvent } from '@airlock/protocol';
import { refreshWallets } from '../actions/wallets.ts';
import type { Frame } from '../store/frame.ts';

/**
 * A page-wallet event from the host (protocol WalletEvent): `announced` reloads the
 * page's wallets; every other event goes to the connectors, which deliver it only to
 * the injected connector of that uuid (announced by the host) and act on it only while
 * that connector is the connected one (app/connectors.ts). A forged event — any uuid,
 * including the WalletConnect connector's id — changes nothing.
 */
export async function handleWalletEvent(frame: Frame, event: WalletEvent): Promise<void> {
  if (event.type === 'announced') {
    await refreshWallets(frame);
    return;
  }
  frame.connectors.hostEvent(event);
}
