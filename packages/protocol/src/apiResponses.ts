import { z } from 'zod';
import { FeaturesSchema } from './schemas.ts';

/**
 * The provider-API answers the frame reads (spec §7), validated instead of cast.
 * Unknown fields are kept out (zod strips them); a missing required field fails the
 * call like a network error would.
 */

/** `GET /appkit/v1/config`: the project's remote features (spec §1). */
export const RemoteConfigResponseSchema = z.object({ features: FeaturesSchema.optional() });

/** `GET /projects/v1/origins`: the project's allowed origin patterns (spec §5). */
export const AllowedOriginsResponseSchema = z.object({ allowedOrigins: z.array(z.string().max(500)).max(1000) });

/**
 * A token balance (spec §3 'Token balance'): `chainId` CAIP-2, `address` the token's
 * CAIP-10 id (absent for the native currency), `quantity.decimals` a decimal string
 * (`"18"`), `quantity.numeric` the amount in whole tokens (`"10001.5"`), `price` per
 * whole token and `value` in USD.
 */
export const TokenBalanceSchema = z.object({
  name: z.string().max(200),
  symbol: z.string().max(50),
  chainId: z.string().max(100),
  address: z.string().max(200).optional(),
  value: z.number(),
  price: z.number(),
  quantity: z.object({ decimals: z.string().max(4), numeric: z.string().max(100) }),
  iconUrl: z.string().max(2000).optional(),
});

/** A token balance, spec §3. */
export type TokenBalance = z.infer<typeof TokenBalanceSchema>;

/** `GET /v1/account/{address}/balance`: `{ balances }`. */
export const BalanceResponseSchema = z.object({ balances: z.array(TokenBalanceSchema).max(10_000) });

/** One transfer of a history item (spec §3 'Transaction history item'). */
export const HistoryTransferSchema = z.object({
  fungible_info: z
    .object({
      name: z.string().optional(),
      symbol: z.string().optional(),
      icon: z.object({ url: z.string().optional() }).nullable().optional(),
    })
    .optional(),
  nft_info: z
    .object({
      name: z.string().optional(),
      content: z
        .object({ preview: z.object({ url: z.string().optional(), content_type: z.string().optional() }).optional() })
        .optional(),
      flags: z.object({ is_spam: z.boolean().optional() }).optional(),
    })
    .optional(),
  direction: z.enum(['in', 'out', 'self']).optional(),
  /** The transfer's sender and recipient addresses (Zerion's transfer fields), when the API gives them. */
  sender: z.string().max(200).optional(),
  recipient: z.string().max(200).optional(),
  quantity: z.object({ numeric: z.string().optional() }).optional(),
  value: z.number().optional(),
  price: z.number().optional(),
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
    nonce: z.number().optional(),
    chain: z.string(),
  }),
  transfers: z.array(HistoryTransferSchema),
});

/** A transaction history item, spec §3. */
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

/** `GET /v1/account/{address}/history`: `data` newest first and the opaque `next` cursor (null or absent at the end). */
export const HistoryResponseSchema = z.object({
  data: z.array(HistoryItemSchema).max(10_000),
  next: z.string().max(2000).nullable().optional(),
});

/** `GET /v1/identity/{address}`: name and avatar URL, null when none. */
export const IdentityResponseSchema = z.object({
  name: z.string().max(255).nullable().optional(),
  avatar: z.string().max(2000).nullable().optional(),
});
