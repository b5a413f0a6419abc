import type { WalletAnnouncement } from '@airlock/protocol';
import { hostListWallets } from '../bridge/host.ts';
import { useConnectorsStore } from '../stores/connectors.ts';

/**
 * Reloads the page's wallets from the host (`wallets.list`, each entry
 * validated) into the connectors store. Returns the list.
 */
export async function refreshWallets(): Promise<WalletAnnouncement[]> {
  const wallets = await hostListWallets();
  useConnectorsStore.setState({ wallets });
  return wallets;
}

/**
 * Waits until a wallet with `rdns` is in the connectors store (announced on
 * the page), up to `timeoutMs` (ms). Resolves with it, or null on timeout.
 */
export function waitForWallet(rdns: string, timeoutMs: number): Promise<WalletAnnouncement | null> {
  const find = () => useConnectorsStore.getState().wallets.find((w) => w.rdns === rdns) ?? null;
  const found = find();
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, timeoutMs);
    const stop = useConnectorsStore.subscribe(() => {
      const wallet = find();
      if (!wallet) return;
      clearTimeout(timer);
      stop();
      resolve(wallet);
    });
  });
}
