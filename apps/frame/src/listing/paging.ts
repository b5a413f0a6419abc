import type { GetWallets, WalletListing } from './types.ts';

/** Wallets per AllWallets page (spec §9: 40). */
export const PAGE_SIZE = 40;
/** Wallets fetched for a search (spec §9: 100). */
export const SEARCH_ENTRIES = 100;
/** Minimum time a search takes, ms (spec §9: 300 ms), so results do not flicker while typing. */
export const SEARCH_MIN_WAIT_MS = 300;
/** Recommended wallets shown on Connect (spec §9: 4). */
export const RECOMMENDED_COUNT = 4;

/** A loaded listing: wallets so far (pages 1..page) and the total count. */
export type ListingPage = { wallets: WalletListing[]; count: number; page: number };

/**
 * Loads the next page (40 entries, spec §9) after `current` (or page 1) for
 * `chains` (CAIP-2 ids of the configured networks) and appends it,
 * dropping duplicates. Rejects when the source does.
 */
export async function loadNextPage(
  getWallets: GetWallets,
  current: ListingPage | null,
  chains: string[],
): Promise<ListingPage> {
  const page = (current?.page ?? 0) + 1;
  const { data, count } = await getWallets({ page, entries: PAGE_SIZE, chains });
  const seen = new Set(current?.wallets.map((w) => w.id));
  return { wallets: [...(current?.wallets ?? []), ...data.filter((w) => !seen.has(w.id))], count, page };
}

/** True when more pages exist after `current`. */
export function hasMore(current: ListingPage | null): boolean {
  return !current || current.wallets.length < current.count;
}

/**
 * Searches the listing (spec §9: 100 entries, at least 300 ms): resolves with
 * the matching wallets no sooner than {@link SEARCH_MIN_WAIT_MS} after the
 * call. Rejects when the source does.
 */
export async function searchWallets(
  getWallets: GetWallets,
  search: string,
  chains: string[],
): Promise<WalletListing[]> {
  const wait = new Promise((done) => setTimeout(done, SEARCH_MIN_WAIT_MS));
  const [result] = await Promise.all([getWallets({ page: 1, entries: SEARCH_ENTRIES, search, chains }), wait]);
  return result.data;
}

/**
 * AllWallets order (spec §9 'recent 2 first', spec §1 'featured' next): the
 * recent wallets (rdns or id in `recent`, at most 2, most recent first), then
 * the `featured` ones, then the others in listing order; each wallet once. Pure.
 */
export function orderListing(
  wallets: readonly WalletListing[],
  recent: readonly string[],
  featured: readonly WalletListing[] = [],
): { wallet: WalletListing; recent: boolean }[] {
  const isRecent = (w: WalletListing, key: string) => w.id === key || (!!w.rdns && w.rdns === key);
  const all = [...featured, ...wallets];
  const first = recent
    .slice(0, 2)
    .map((key) => all.find((w) => isRecent(w, key)))
    .filter((w): w is WalletListing => !!w);
  const seen = new Set(first.map((w) => w.id));
  const rest = [...featured, ...wallets].filter((w) => !seen.has(w.id) && (seen.add(w.id), true));
  return [...first.map((wallet) => ({ wallet, recent: true })), ...rest.map((wallet) => ({ wallet, recent: false }))];
}

/**
 * The recommended wallets for Connect (spec §1 order, §9 '4'): the first 4
 * listing wallets that are neither announced on the page (rdns in
 * `installedRdns`), nor recent, nor in `excludeIds` (the featured ones). Pure.
 */
export function recommendedWallets(
  wallets: readonly WalletListing[],
  installedRdns: readonly string[],
  recent: readonly string[],
  excludeIds: readonly string[] = [],
): WalletListing[] {
  return wallets
    .filter((w) => !hidden(w, installedRdns, recent) && !excludeIds.includes(w.id))
    .slice(0, RECOMMENDED_COUNT);
}

/** True when a listing wallet is announced on the page (rdns) or recent (id or rdns). */
function hidden(w: WalletListing, installedRdns: readonly string[], recent: readonly string[]): boolean {
  return (!!w.rdns && installedRdns.includes(w.rdns)) || recent.includes(w.id) || (!!w.rdns && recent.includes(w.rdns));
}

/**
 * The featured wallets for Connect (spec §1 order: after the page's wallets):
 * `listed` (the source's answer for `include: featuredIds`) in the order of
 * `featuredIds`, less those announced on the page or recent. Pure.
 */
export function featuredWallets(
  listed: readonly WalletListing[],
  featuredIds: readonly string[],
  installedRdns: readonly string[],
  recent: readonly string[],
): WalletListing[] {
  return featuredIds
    .map((id) => listed.find((w) => w.id === id))
    .filter((w): w is WalletListing => !!w && !hidden(w, installedRdns, recent));
}

/**
 * A wallet's WalletConnect link for `uri` (a `wc:` URI), per platform
 * (spec §3 listing links): `mobile` → mobile_link, `desktop` → desktop_link,
 * `web` → webapp_link. `scheme://` links get `wc?uri=<encoded>`; http(s)
 * links get `wc?uri=<encoded>` on their path. Null when the wallet has none.
 */
export function walletLink(wallet: WalletListing, platform: 'mobile' | 'desktop' | 'web', uri: string): string | null {
  const base =
    platform === 'mobile' ? wallet.mobile_link : platform === 'desktop' ? wallet.desktop_link : wallet.webapp_link;
  if (!base) return null;
  const encoded = encodeURIComponent(uri);
  if (/^https?:/.test(base)) return `${base.endsWith('/') ? base : `${base}/`}wc?uri=${encoded}`;
  const scheme = base.includes('://') ? base : `${base.replace(/:\/*$/, '')}://`;
  return `${scheme.endsWith('/') ? scheme : `${scheme}/`}wc?uri=${encoded}`;
}
