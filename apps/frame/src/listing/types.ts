import type { GetWalletsQuery, GetWalletsResponse, WalletListing } from '@airlock/protocol';

/** A wallet of the listing (protocol `WalletListingSchema`, spec §3). */
export type { WalletListing };

/** `/getWallets` parameters (protocol `GetWalletsQuery`, spec §7). */
export type GetWalletsParams = GetWalletsQuery;

/** `/getWallets` answer (spec §7): the page's wallets and the total count matching the filters. */
export type GetWalletsResult = GetWalletsResponse;

/** A wallet listing source (the provider API, or the bundled registry). Rejects on a network / HTTP error or a malformed answer. */
export type GetWallets = (params: GetWalletsParams) => Promise<GetWalletsResult>;
