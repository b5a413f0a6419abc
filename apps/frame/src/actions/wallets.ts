import type { WalletAnnouncement } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';

/** True when two lists hold the same entries (plain data from the host). */
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Reloads the page's wallets from the host into the store: EIP-6963 (`wallets.list`) and Wallet
 * Standard Solana wallets (`solana.list`, [] without the host's Solana entry), each entry
 * validated. Returns the EIP-6963 list.
 */
export async function refreshWallets(frame: Frame): Promise<WalletAnnouncement[]> {
  const [wallets, solanaWallets] = await Promise.all([frame.host.listWallets(), frame.host.listSolanaWallets()]);
  // The same lists keep their arrays: an unchanged list renders nothing again (the open modal).
  const previous = frame.store.getState();
  frame.store.setState({
    wallets: sameJson(previous.wallets, wallets) ? previous.wallets : wallets,
    solanaWallets: sameJson(previous.solanaWallets, solanaWallets) ? previous.solanaWallets : solanaWallets,
  });
  return frame.store.getState().wallets;
}

/** Puts `id` first in the recent list, without duplicates, capped at 2 (spec §9 'Recent wallets 2'). Pure. */
export function addRecent(recent: readonly string[], id: string): string[] {
  return [id, ...recent.filter((r) => r !== id)].slice(0, MAX_RECENT_WALLETS);
}

/** The most recent wallets kept (spec §9). */
export const MAX_RECENT_WALLETS = 2;

/** A wallet in the Connect list, with whether it is shown as 'Recent'. */
export type WalletEntry = { wallet: WalletAnnouncement; recent: boolean };

/**
 * The Connect view's order (spec §1 connector order: recent before injected): recent
 * wallets first (most recent first, at most 2), then the others in announcement order. Pure.
 */
export function orderWallets(wallets: readonly WalletAnnouncement[], recent: readonly string[]): WalletEntry[] {
  const first: WalletEntry[] = [];
  for (const rdns of recent.slice(0, MAX_RECENT_WALLETS)) {
    const wallet = wallets.find((w) => w.rdns === rdns);
    if (wallet) first.push({ wallet, recent: true });
  }
  const rest = wallets
    .filter((w) => !first.some((e) => e.wallet.uuid === w.uuid))
    .map((wallet) => ({ wallet, recent: false }));
  return [...first, ...rest];
}
