import type { CaipNetworkId, SolanaWallet, WalletAnnouncement } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';

/**
 * Solana page wallets in the Connect list: each is shown as an entry shaped like an EIP-6963
 * announcement (so ConnectingExternal, Recent and the icons work unchanged), with rdns
 * `solana:<name>`.
 */

/** The Connect-list entry of a Solana wallet: uuid = the host's id, rdns `solana:<name>`. Pure. */
export function solanaEntry(wallet: SolanaWallet): WalletAnnouncement {
  return { uuid: wallet.id, name: wallet.name, icon: wallet.icon, rdns: `solana:${wallet.name}` };
}

/** The Solana wallet behind a Connect-list entry, or null for an EIP-6963 wallet. */
export function solanaWalletOf(frame: Frame, entry: WalletAnnouncement): SolanaWallet | null {
  if (!entry.rdns.startsWith('solana:')) return null;
  return frame.store.getState().solanaWallets.find((w) => w.id === entry.uuid) ?? null;
}

/**
 * The Solana network a Solana wallet connects on: `active` when it is a configured solana
 * network, else the first configured solana network, else undefined (the dapp configured none).
 */
export function solanaNetworkFor(frame: Frame, active: string): CaipNetworkId | undefined {
  const solana = frame.config.networks.filter((n) => n.chainNamespace === 'solana');
  return (solana.find((n) => n.caipNetworkId === active) ?? solana[0])?.caipNetworkId as CaipNetworkId | undefined;
}
