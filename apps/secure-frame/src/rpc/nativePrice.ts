import { z } from 'zod/mini';
import type { ApiClient } from '../api/client.ts';
import type { NativeCurrency } from './nativeCurrency.ts';

/**
 * Reads the US-dollar price of one whole native coin of a network (CAIP-2) for an approval, or
 * undefined when there is none. Never throws.
 */
export type NativePriceReader = (caipNetworkId: string, currency: NativeCurrency) => Promise<number | undefined>;

/** How long the approval waits for a price before it shows the cost without one (ms). */
export const PRICE_TIMEOUT_MS = 3_000;

const AnswerSchema = z.object({
  caipNetworkId: z.string(),
  symbol: z.string(),
  decimals: z.number(),
  price: z.nullable(z.number().check(z.gte(0))),
});

/**
 * A {@link NativePriceReader} over the provider API's `GET /embedded/v1/prices/native` (signed-in
 * session, DPoP). The price counts only when the API answers for the same network and the same
 * currency (symbol and decimals) as the deployment's, so a misconfigured API cannot put a price of
 * another coin beside the amount. Any failure, a timeout (`timeoutMs`, default {@link PRICE_TIMEOUT_MS})
 * or a malformed answer is no price.
 */
export function createNativePriceReader(
  api: Pick<ApiClient, 'call'>,
  timeoutMs: number = PRICE_TIMEOUT_MS,
): NativePriceReader {
  return async (caipNetworkId, currency) => {
    try {
      const answer = AnswerSchema.parse(
        await api.call(`/embedded/v1/prices/native?caipNetworkId=${encodeURIComponent(caipNetworkId)}`, {
          auth: true,
          timeoutMs,
        }),
      );
      const same =
        answer.caipNetworkId === caipNetworkId &&
        answer.symbol === currency.symbol &&
        answer.decimals === currency.decimals;
      return same && answer.price !== null && Number.isFinite(answer.price) ? answer.price : undefined;
    } catch {
      return undefined;
    }
  };
}
