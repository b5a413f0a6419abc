import type { Hash } from 'viem';
import { useAccountStore } from '../stores/account.ts';
import { useNetworkStore } from '../stores/network.ts';
import { findNetwork } from '../stores/options.ts';
import { showToast } from '../stores/toast.ts';

let sequence = 0;

/**
 * Reads the connected address's native balance on the active network and
 * stores it (account store `balance` in whole units, `balanceSymbol`).
 * Skipped when disconnected or on a network that is not configured.
 * A failed read shows the spec §8 'Token Balance Unavailable' error toast.
 * The chain module (viem) is loaded on first use to keep the initial JS lean.
 */
export async function refreshBalance(): Promise<void> {
  const address = useAccountStore.getState().address;
  const caipNetworkId = useNetworkStore.getState().caipNetworkId;
  const network = findNetwork(caipNetworkId);
  if (!address || !network || network.chainNamespace !== 'eip155') return;
  const id = ++sequence;
  try {
    const { readNativeBalance } = await import('../chain/balance.ts');
    const balance = await readNativeBalance(network, address);
    const stale =
      id !== sequence ||
      useAccountStore.getState().address !== address ||
      useNetworkStore.getState().caipNetworkId !== caipNetworkId;
    if (!stale) useAccountStore.setState({ balance, balanceSymbol: network.nativeCurrency.symbol });
  } catch {
    if (id === sequence) showToast('Token Balance Unavailable', 'error');
  }
}

/**
 * Waits for the receipt of `hash` on the configured network `caipNetworkId`
 * (default: the active one). Resolves true once mined, false when the network
 * is not configured or the wait fails (the dapp got its hash already).
 */
export async function waitForMined(hash: Hash, caipNetworkId: string = useNetworkStore.getState().caipNetworkId): Promise<boolean> {
  const network = findNetwork(caipNetworkId);
  if (!network) return false;
  try {
    const { waitForReceipt } = await import('../chain/balance.ts');
    await waitForReceipt(network, hash);
    return true;
  } catch {
    return false;
  }
}

/** After a transaction sent through the widget: refreshes the balance once it is mined ({@link waitForMined}). */
export async function refreshBalanceAfterReceipt(hash: Hash): Promise<void> {
  if (await waitForMined(hash)) await refreshBalance();
}
