import { Timeout, type WalletAnnouncement } from '@airlock/protocol';
import type { ConnectEntry } from '../connectors/types.ts';
import type { HostClient } from '../host/client.ts';
import type { Frame } from '../store/frame.ts';

/** True when two lists hold the same entries (plain data from the host). */
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Reloads the page's wallets from the host into the store: EIP-6963 (`wallets.list`) and Wallet
 * Standard Solana wallets (`solana.list`, [] without the host's Solana entry) and Bitcoin wallets
 * (`bitcoin.list`, [] without the host's Bitcoin entry), Keplr-shaped wallets (`cosmos.list`) and injected
 * Polkadot extensions (`polkadot.list`), each entry validated. Returns the EIP-6963 list.
 */
export async function refreshWallets(frame: Frame): Promise<WalletAnnouncement[]> {
  const [wallets, solanaWallets, bitcoinWallets, cosmosWallets, polkadotWallets] = await Promise.all([
    frame.host.listWallets(),
    extensionWallets(frame.host, 'solana', () => import('@airlock/protocol/solana').then((m) => m.SolanaWalletSchema)),
    extensionWallets(frame.host, 'bitcoin', () =>
      import('@airlock/protocol/bip122Wallets').then((m) => m.Bip122WalletSchema),
    ),
    extensionWallets(frame.host, 'cosmos', () =>
      import('../connectors/bridgedWallets.ts').then((m) => m.cosmosWalletEntry),
    ),
    extensionWallets(frame.host, 'polkadot', () =>
      import('../connectors/bridgedWallets.ts').then((m) => m.polkadotWalletEntry),
    ),
  ]);
  // The same lists keep their arrays: an unchanged list renders nothing again (the open modal).
  const previous = frame.store.getState();
  frame.store.setState({
    wallets: sameJson(previous.wallets, wallets) ? previous.wallets : wallets,
    solanaWallets: sameJson(previous.solanaWallets, solanaWallets) ? previous.solanaWallets : solanaWallets,
    bitcoinWallets: sameJson(previous.bitcoinWallets, bitcoinWallets) ? previous.bitcoinWallets : bitcoinWallets,
    cosmosWallets: sameJson(previous.cosmosWallets, cosmosWallets) ? previous.cosmosWallets : cosmosWallets,
    polkadotWallets: sameJson(previous.polkadotWallets, polkadotWallets) ? previous.polkadotWallets : polkadotWallets,
  });
  return frame.store.getState().wallets;
}

/**
 * The page wallets a host extension lists (`solana.list`, `bitcoin.list`), each validated with the
 * schema `schema` loads (only when the page lists one); malformed entries and duplicate ids
 * dropped; [] when the host lacks the extension or is unreachable.
 */
async function extensionWallets<W extends { id: string }>(
  host: HostClient,
  extension: 'solana' | 'bitcoin' | 'cosmos' | 'polkadot',
  schema: () => Promise<{ safeParse(value: unknown): { success: true; data: W } | { success: false } }>,
): Promise<W[]> {
  const result = await host.extensionCall(extension, 'list', [], Timeout.read);
  if (!result.ok || !Array.isArray(result.value) || result.value.length === 0) return [];
  const parser = await schema();
  const wallets: W[] = [];
  for (const entry of result.value) {
    const parsed = parser.safeParse(entry);
    if (parsed.success && !wallets.some((w) => w.id === parsed.data.id)) wallets.push(parsed.data);
  }
  return wallets;
}

/** Puts `id` first in the recent list, without duplicates, capped at 2 (spec §9 'Recent wallets 2'). Pure. */
export function addRecent(recent: readonly string[], id: string): string[] {
  return [id, ...recent.filter((r) => r !== id)].slice(0, MAX_RECENT_WALLETS);
}

/** The most recent wallets kept (spec §9). */
export const MAX_RECENT_WALLETS = 2;

/** A wallet in the Connect list, with whether it is shown as 'Recent'. */
export type WalletEntry = { wallet: ConnectEntry; recent: boolean };

/**
 * The id that lists a page wallet under 'Recent' (spec §3 recent wallets): its EIP-6963 rdns, else
 * `<namespace>:<name>` (a bridged wallet has no rdns; the ids remembered so far keep matching). Pure.
 */
export function recentKey(entry: ConnectEntry): string {
  return entry.rdns ?? `${entry.namespaces[0]}:${entry.name}`;
}

/**
 * The Connect view's order (spec §1 connector order: recent before injected): recent
 * wallets first (most recent first, at most 2), then the others in announcement order. Pure.
 */
export function orderWallets(wallets: readonly ConnectEntry[], recent: readonly string[]): WalletEntry[] {
  const first: WalletEntry[] = [];
  for (const id of recent.slice(0, MAX_RECENT_WALLETS)) {
    const wallet = wallets.find((w) => recentKey(w) === id);
    if (wallet) first.push({ wallet, recent: true });
  }
  const rest = wallets
    .filter((w) => !first.some((e) => e.wallet.id === w.id))
    .map((wallet) => ({ wallet, recent: false }));
  return [...first, ...rest];
}
