import type { CaipAddress } from '@airlock/protocol';
import type { Hash } from 'viem';
import type { Frame } from '../store/frame.ts';
import { namespaceOf } from '../namespaces/info.ts';
import { connectionOf } from '../store/connection.ts';
import { findNetwork } from '../store/networks.ts';
import { showToast } from './toast.ts';

/**
 * Reads the connected address's native balance on the active network into the
 * connection (`balance` in whole units, `balanceSymbol`) through the namespace's `readBalance`
 * (eip155 viem, solana the RPC, bip122 the API). Skipped when disconnected, on a network that is
 * not configured or of a namespace without a balance source. A figure read less than 30 s ago for
 * the same account on the same network is shown again without a read (spec §9 'native balance cache
 * 30 s', per chain and address; the frame's own memory, `frame.caches.nativeBalances`); `force` reads
 * anyway (after a transaction the widget saw mined, on a network just switched to). Only a successful read is cached. A failed read marks the balance unavailable
 * (`balanceUnavailable`, the header says so instead of a made-up zero; the figure shown before, if any, stays)
 * and shows the spec §8 'Token Balance Unavailable' error toast; the next refresh retries. A read that finishes
 * after the account or network changed is dropped.
 */
export async function refreshBalance(frame: Frame, options: { force?: boolean } = {}): Promise<void> {
  const { address, caipAddress, caipNetworkId, status } = connectionOf(frame.store.getState());
  const network = findNetwork(frame.config, caipNetworkId);
  if (status !== 'connected' || !address || !caipAddress || !network) return;
  const read = namespaceOf(caipNetworkId)?.readBalance;
  if (!read) return;
  // A cached figure shows without overtaking a read still running (a forced one is fresher).
  const cached = options.force ? undefined : frame.caches.nativeBalances.get(caipAddress);
  if (cached !== undefined) return showBalance(frame, caipAddress, cached, network.nativeCurrency.symbol);
  const id = ++frame.runtime.balanceRead;
  // Still the read of the account and network it started for (not overtaken by a newer read).
  const current = () => {
    const now = connectionOf(frame.store.getState());
    return id === frame.runtime.balanceRead && now.caipAddress === caipAddress && now.status === 'connected';
  };
  let balance: string;
  try {
    // A forced read goes past the namespace's own cache too (the provider API's balance cache).
    balance = await read(frame, network, address, { force: options.force === true });
  } catch {
    if (!current()) return;
    // The figure read before for the same account stays, marked unavailable.
    frame.store.setState((s) => ({
      active: {
        ...s.active,
        balanceOf: caipAddress,
        balance: s.active.balanceOf === caipAddress ? s.active.balance : null,
        balanceSymbol: s.active.balanceOf === caipAddress ? s.active.balanceSymbol : null,
        balanceUnavailable: true,
      },
    }));
    showToast(frame, 'Token Balance Unavailable', 'error');
    return;
  }
  frame.caches.nativeBalances.set(caipAddress, balance);
  if (current()) showBalance(frame, caipAddress, balance, network.nativeCurrency.symbol);
}

/** Shows `balance` (whole units) of `symbol` as the balance read for `caipAddress`. */
function showBalance(frame: Frame, caipAddress: CaipAddress, balance: string, symbol: string): void {
  frame.store.setState((s) => ({
    active: { ...s.active, balanceOf: caipAddress, balance, balanceSymbol: symbol, balanceUnavailable: false },
  }));
}

/**
 * Waits for the receipt of `hash` on the configured network `caipNetworkId` (default:
 * the active one). Resolves true once mined, false when not configured or the wait fails.
 */
export async function waitForMined(
  frame: Frame,
  hash: Hash,
  caipNetworkId: string = connectionOf(frame.store.getState()).caipNetworkId,
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

/** After a transaction sent through the widget: reads the balance again (past its cache) once it is mined. */
export async function refreshBalanceAfterReceipt(frame: Frame, hash: Hash): Promise<void> {
  if (await waitForMined(frame, hash)) await refreshBalance(frame, { force: true });
}
