import { Hono } from 'hono';
import { z } from 'zod/mini';
import { CaipNetworkIdSchema } from '@airlock/protocol';
import type { Chain } from '../chains.ts';
import { parseInput } from '../http/errors.ts';
import type { PriceSource } from '../prices.ts';
import { callerOf, EMBEDDED_LIMITS, limit, type EmbeddedDeps } from './context.ts';

/** What the price route reads: the API's EVM chains (their native currency) and its price source. */
export type EmbeddedPriceDeps = { chains: Map<string, Chain>; prices: PriceSource };

/**
 * The native currency of one of the API's chains and its price, as `GET /embedded/v1/prices/native` answers:
 * `symbol` and `decimals` from the API's own chain configuration (never from the caller), `price` in US dollars
 * per whole coin, or null when the price source has none (or failed).
 */
export type NativePriceView = {
  caipNetworkId: string;
  symbol: string;
  decimals: number;
  currency: 'usd';
  price: number | null;
};

const QuerySchema = z.strictObject({ caipNetworkId: CaipNetworkIdSchema });

/**
 * `GET /embedded/v1/prices/native?caipNetworkId=eip155:<id>` → {@link NativePriceView} (404 for a network the API
 * does not serve): the secure frame's approval of a transaction shows its maximum cost in US dollars beside the
 * native amount (informative only). Needs a signed-in session (`Authorization: DPoP` and a proof by its device key,
 * like the account routes) and is rate-limited per session ({@link EMBEDDED_LIMITS}.pricePerSession). The header
 * `X-Airlock-Price-Source` names the price source (e.g. `dev-fixed-table`, not market data).
 */
export function priceRoutes(deps: EmbeddedDeps, { chains, prices }: EmbeddedPriceDeps): Hono {
  const app = new Hono();
  app.get('/embedded/v1/prices/native', async (c) => {
    const caller = await callerOf(deps, c);
    limit(deps, `embedded-price:${caller.sessionId}`, EMBEDDED_LIMITS.pricePerSession);
    const { caipNetworkId } = parseInput(QuerySchema, c.req.query());
    const chain = chains.get(caipNetworkId);
    if (!chain) return c.json({ message: 'Unknown network' }, 404);
    const { symbol, decimals } = chain.nativeCurrency;
    let price: number | undefined;
    try {
      price = await prices.getPrice({ caipNetworkId, address: null, symbol }, 'usd');
    } catch (error) {
      deps.log(`[api] price of ${symbol} on ${caipNetworkId} failed: ${(error as Error).message}`);
    }
    c.header('X-Airlock-Price-Source', prices.label);
    const view: NativePriceView = {
      caipNetworkId,
      symbol,
      decimals,
      currency: 'usd',
      price: typeof price === 'number' && Number.isFinite(price) && price >= 0 ? price : null,
    };
    return c.json(view);
  });
  return app;
}
