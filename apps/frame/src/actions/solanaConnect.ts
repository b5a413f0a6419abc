import type { SolanaWallet, WalletAnnouncement } from '@airlock/protocol';

/**
 * Solana page wallets in the Connect list: each is shown as an entry shaped like an EIP-6963
 * announcement (so ConnectingExternal, Recent and the icons work unchanged), with rdns
 * `solana:<name>`.
 */

/** The Connect-list entry of a Solana wallet: uuid = the host's id, rdns `solana:<name>`. Pure. */
export function solanaEntry(wallet: SolanaWallet): WalletAnnouncement {
  return { uuid: wallet.id, name: wallet.name, icon: wallet.icon, rdns: `solana:${wallet.name}` };
}
