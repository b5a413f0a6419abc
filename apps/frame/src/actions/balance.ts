import type { Hash } from 'viem';
import type { Frame } from '../store/frame.ts';
import { findNetwork } from '../store/networks.ts';
import { showToast } from './toast.ts';

/**
 * Reads the connected address's native balance on the active network into the
 * connection (`balance` in whole units, `balanceSymbol`): eip155 through viem, solana through
 * the network's RPC (`getBalance`, lazily loaded `chain/solana.ts`). Skipped when disconnected or
 * on a network that is not configured. A failed read shows the spec §8 'Token Balance
 * Unavailable' error toast. A read that finishes after the account or network changed is dropped.
 */
export async function refreshBalance(frame: Frame): Promise<void> {
  const { address, caipNetworkId, status } = frame.store.getState().connection;
  const network = findNetwork(frame.config, caipNetworkId);
  if (status !== 'connected' || !address || !network) return;
  if (network.chainNamespace !== 'eip155' && network.chainNamespace !== 'solana') return;
  const id = ++frame.runtime.balanceRead;
  try {
    const balance =
      network.chainNamespace === 'solana'
        ? await (await frame.chain()).readSolanaBalance(network, address)
        : await (await frame.chain()).readNativeBalance(network, address as `0x${string}`);
    const now = frame.store.getState().connection;
    if (
      id !== frame.runtime.balanceRead ||
      now.address !== address ||
      now.caipNetworkId !== caipNetworkId ||
      now.status !== 'connected'
    )
      return;
    frame.store.setState((s) => ({
      connection: { ...s.connection, balance, balanceSymbol: network.nativeCurrency.symbol },
    }));
  } catch {
    if (id === frame.runtime.balanceRead) showToast(frame, 'Token Balance Unavailable', 'error');
  }
}

/**
 * Waits for the receipt of `hash` on the configured network `caipNetworkId` (default:
 * the active one). Resolves true once mined, false when not configured or the wait fails.
 */
export async function waitForMined(
  frame: Frame,
  hash: Hash,
  caipNetworkId: string = frame.store.getState().connection.caipNetworkId,
): Promise<boolean> {
  const network = findNetwork(frame.config, caipNetworkId);
  if (!network) return false;
  try {
    await (await frame.chain()).waitForReceipt(network, hash);
    return true;
  } catch {
    return false;
  }
}

/** After a transaction sent through the widget: refreshes the balance once it is mined. */
export async function refreshBalanceAfterReceipt(frame: Frame, hash: Hash): Promise<void> {
  if (await waitForMined(frame, hash)) await refreshBalance(frame);
}
