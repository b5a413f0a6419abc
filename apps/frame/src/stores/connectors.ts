import { create } from 'zustand';
import type { WalletAnnouncement } from '@airlock/protocol';

/** The most recent wallets kept (spec §9 'Recent wallets 2'). */
export const MAX_RECENT_WALLETS = 2;

/** Connectors store: the page's wallets and the recent ones (spec §3 Connector, §9). */
export type ConnectorsState = {
  /** Wallets announced on the page (EIP-6963), validated, in announcement order. */
  wallets: WalletAnnouncement[];
  /** rdns of recently connected wallets, most recent first, at most {@link MAX_RECENT_WALLETS}. */
  recent: string[];
};

/** Connectors store (zustand). */
export const useConnectorsStore = create<ConnectorsState>(() => ({ wallets: [], recent: [] }));

/**
 * Puts `rdns` first in the recent list, without duplicates, capped at
 * {@link MAX_RECENT_WALLETS} (spec §9). Pure.
 */
export function addRecent(recent: readonly string[], rdns: string): string[] {
  return [rdns, ...recent.filter((r) => r !== rdns)].slice(0, MAX_RECENT_WALLETS);
}

/** A wallet in the Connect list, with whether it is shown as 'Recent'. */
export type WalletEntry = { wallet: WalletAnnouncement; recent: boolean };

/**
 * The Connect view's order (spec §1 connector order: recent before injected):
 * recent wallets first (most recent first, at most 2), then the others in
 * announcement order. Pure.
 */
export function orderWallets(wallets: readonly WalletAnnouncement[], recent: readonly string[]): WalletEntry[] {
  const recentSet = recent.slice(0, MAX_RECENT_WALLETS);
  const first: WalletEntry[] = [];
  for (const rdns of recentSet) {
    const wallet = wallets.find((w) => w.rdns === rdns);
    if (wallet) first.push({ wallet, recent: true });
  }
  const rest = wallets.filter((w) => !first.some((e) => e.wallet.uuid === w.uuid)).map((wallet) => ({ wallet, recent: false }));
  return [...first, ...rest];
}
