import { z } from 'zod/mini';

/**
 * The wallet listing (spec §3 'Wallet listing', §7 `GET /getWallets`): one schema
 * for the provider API that serves it and the frame that reads it. Field names are
 * the wire names (snake_case), as the spec gives them.
 */

/** A link of a listing entry: a deep link (`metamask://`), a universal link or a web URL; null when the wallet has none. */
const Link = z.optional(z.nullable(z.string().check(z.maxLength(500))));

/** A wallet listing badge: `certified`, or `none`. */
export const BadgeTypeSchema = z.enum(['none', 'certified']);

/**
 * One wallet of the listing: `id`, `name`, `image_id` (the image served at
 * `GET /getWalletImage/{image_id}`), `rdns` (EIP-6963, when the wallet has an
 * extension), its WalletConnect entry points `mobile_link`, `desktop_link`,
 * `webapp_link`, the `chains` it supports (CAIP-2 ids or bare namespaces) and its
 * `badge_type`. `image_url` is a frame-side field: an inline or absolute icon URL
 * (the bundled registry has one; for API entries the frame derives it from `image_id`).
 */
export const WalletListingSchema = z.object({
  id: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  name: z.string().check(z.minLength(1)).check(z.maxLength(100)),
  image_id: z.optional(z.nullable(z.string().check(z.maxLength(128)))),
  image_url: z.optional(z.nullable(z.string().check(z.maxLength(100_000)))),
  rdns: z.optional(z.nullable(z.string().check(z.maxLength(128)))),
  mobile_link: Link,
  desktop_link: Link,
  webapp_link: Link,
  chains: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(100))),
  badge_type: z.optional(BadgeTypeSchema),
});

/** A wallet of the listing (spec §3). */
export type WalletListing = z.infer<typeof WalletListingSchema>;

/**
 * The filters of `GET /getWallets` (spec §7, §9): `page` (1-based), `entries` per
 * page (1–100; 40 for AllWallets, 100 for a search), `include` / `exclude` wallet ids,
 * `chains` (CAIP-2 ids; a wallet must support one), `search` (case-insensitive name
 * substring), `badge_type` (`certified` keeps only certified wallets).
 */
export type GetWalletsQuery = {
  page: number;
  entries: number;
  include?: string[] | undefined;
  exclude?: string[] | undefined;
  chains?: string[] | undefined;
  search?: string | undefined;
  badge_type?: z.infer<typeof BadgeTypeSchema> | undefined;
};

/**
 * The answer of `GET /getWallets`: the page's wallets and `count`, the number of all
 * wallets matching the filters. Entries that fail {@link WalletListingSchema} make the
 * whole answer invalid (the frame then falls back to its bundled registry).
 */
export const GetWalletsResponseSchema = z.object({
  data: z.array(WalletListingSchema).check(z.maxLength(1000)),
  count: z.int().check(z.nonnegative()),
});

/** The answer of `GET /getWallets`. */
export type GetWalletsResponse = z.infer<typeof GetWalletsResponseSchema>;
