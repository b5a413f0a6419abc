import { z } from 'zod/mini';
import { FeaturesSchema } from './schemas.ts';

/**
 * The provider-API answers the frame reads (spec §7), validated instead of cast.
 * Unknown fields are kept out (zod strips them); a missing required field fails the
 * call like a network error would.
 */

/** `GET /appkit/v1/config`: the project's remote features (spec §1). */
export const RemoteConfigResponseSchema = z.object({ features: z.optional(FeaturesSchema) });

/** `GET /projects/v1/origins`: the project's allowed origin patterns (spec §5). */
export const AllowedOriginsResponseSchema = z.object({
  allowedOrigins: z.array(z.string().check(z.maxLength(500))).check(z.maxLength(1000)),
});

/**
 * A token balance (spec §3 'Token balance'): `chainId` CAIP-2, `address` the token's
 * CAIP-10 id (absent for the native currency), `quantity.decimals` a decimal string
 * (`"18"`), `quantity.numeric` the amount in whole tokens (`"10001.5"`), `price` per
 * whole token and `value` in USD.
 */
export const TokenBalanceSchema = z.object({
  name: z.string().check(z.maxLength(200)),
  symbol: z.string().check(z.maxLength(50)),
  chainId: z.string().check(z.maxLength(100)),
  address: z.optional(z.string().check(z.maxLength(200))),
  value: z.number(),
  price: z.number(),
  quantity: z.object({ decimals: z.string().check(z.maxLength(4)), numeric: z.string().check(z.maxLength(100)) }),
  iconUrl: z.optional(z.string().check(z.maxLength(2000))),
  /** bip122 only: the confirmed part of `quantity.numeric` (whole BTC, decimal string). */
  confirmed: z.optional(z.string().check(z.maxLength(100))),
  /** bip122 only: the mempool's change (whole BTC, decimal string; negative while a payment spends). */
  unconfirmed: z.optional(z.string().check(z.maxLength(100))),
});

/** A token balance, spec §3. */
export type TokenBalance = z.infer<typeof TokenBalanceSchema>;

/** `GET /v1/account/{address}/balance`: `{ balances }`. */
export const BalanceResponseSchema = z.object({ balances: z.array(TokenBalanceSchema).check(z.maxLength(10_000)) });

/** One transfer of a history item (spec §3 'Transaction history item'). */
export const HistoryTransferSchema = z.object({
  fungible_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      symbol: z.optional(z.string()),
      icon: z.optional(z.nullable(z.object({ url: z.optional(z.string()) }))),
    }),
  ),
  nft_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      content: z.optional(
        z.object({
          preview: z.optional(z.object({ url: z.optional(z.string()), content_type: z.optional(z.string()) })),
        }),
      ),
      flags: z.optional(z.object({ is_spam: z.optional(z.boolean()) })),
    }),
  ),
  direction: z.optional(z.enum(['in', 'out', 'self'])),
  /** The transfer's sender and recipient addresses (Zerion's transfer fields), when the API gives them. */
  sender: z.optional(z.string().check(z.maxLength(200))),
  recipient: z.optional(z.string().check(z.maxLength(200))),
  quantity: z.optional(z.object({ numeric: z.optional(z.string()) })),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
});

/** A transfer of a history item. */
export type HistoryTransfer = z.infer<typeof HistoryTransferSchema>;

/** A transaction history item (spec §3): id, metadata (minedAt ISO 8601, chain CAIP-2, …), transfers. */
export const HistoryItemSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.string(),
    hash: z.string(),
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.string(),
    nonce: z.optional(z.number()),
    chain: z.string(),
  }),
  transfers: z.array(HistoryTransferSchema),
});

/** A transaction history item, spec §3. */
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

/** `GET /v1/account/{address}/history`: `data` newest first and the opaque `next` cursor (null or absent at the end). */
export const HistoryResponseSchema = z.object({
  data: z.array(HistoryItemSchema).check(z.maxLength(10_000)),
  next: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
});

/** `GET /v1/identity/{address}`: name and avatar URL, null when none. */
export const IdentityResponseSchema = z.object({
  name: z.optional(z.nullable(z.string().check(z.maxLength(255)))),
  avatar: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
});
