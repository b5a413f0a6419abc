/**
 * A wallet of the wallet listing (spec §3 'wallet listing', §7 `/getWallets`
 * `data` entries): the fields the frame reads. Links are the wallet's
 * WalletConnect entry points: `mobile_link` (deep link / universal link),
 * `desktop_link` (desktop app scheme) and `webapp_link` (web wallet URL);
 * each gets `wc?uri=<encoded wc: URI>` appended.
 */
export type WalletListing = {
  /** Listing id (the provider API's wallet id). */
  id: string;
  /** Display name. */
  name: string;
  /** EIP-6963 rdns of the wallet's extension, when it has one (an installed one connects directly). */
  rdns?: string | null;
  /** Icon URL (`https:` or a `data:image` URI). */
  image_url?: string | null;
  /** Mobile deep link or universal link, e.g. `metamask://`. */
  mobile_link?: string | null;
  /** Desktop app link, e.g. `ledgerlive://`. */
  desktop_link?: string | null;
  /** Web wallet URL, e.g. `http://127.0.0.1:5176/`. */
  webapp_link?: string | null;
  /** CAIP-2 ids or namespaces the wallet supports, e.g. `['eip155:1', 'solana:…']` or `['eip155']`. */
  chains?: string[];
  /** `certified` for wallets with the certified badge, else `none` (spec §7 `badge_type`). */
  badge_type?: 'none' | 'certified';
};

/** `/getWallets` parameters (spec §7): page (1-based), entries per page, include/exclude ids, chains (CAIP-2 list), search, badge_type. */
export type GetWalletsParams = {
  /** 1-based page number. */
  page: number;
  /** Entries per page (40 for AllWallets, 100 for a search, spec §9). */
  entries: number;
  /** Only these ids. */
  include?: string[];
  /** Never these ids. */
  exclude?: string[];
  /** Only wallets supporting one of these CAIP-2 ids (or namespaces). */
  chains?: string[];
  /** Case-insensitive name search. */
  search?: string;
  /** Only wallets with this badge. */
  badge_type?: 'none' | 'certified';
};

/** `/getWallets` answer (spec §7): the page's wallets and the total count matching the filters. */
export type GetWalletsResult = { data: WalletListing[]; count: number };

/** A wallet listing source (the provider API, or the bundled registry). Rejects on a network / HTTP error. */
export type GetWallets = (params: GetWalletsParams) => Promise<GetWalletsResult>;
