import { Hono, type Context } from 'hono';
import { z } from 'zod/mini';
import { CaipNetworkIdSchema, isEvmAddress, isSolanaAddress, Message } from '@airlock/protocol';
import { parseInput } from '../http/errors.ts';
import type { AppEnv } from '../http/guard.ts';
import type { PriceSource } from '../prices.ts';
import { getSolanaBalances } from './balances.ts';
import type { SolanaChain } from './config.ts';
import { getSolanaHistory } from './history.ts';

/** A Solana address path parameter (base58, 32–44 characters; spec §5), message 'Invalid address'. */
export const SolanaAddressSchema = z
  .string()
  .check(z.refine((a) => isSolanaAddress(a), { error: Message.InvalidAddress }));

const CurrencySchema = z._default(z.string().check(z.regex(/^[a-z]{3}$/, { error: 'Invalid input' })), 'usd');

/** Dependencies of the Solana routes. */
export type SolanaRouteDeps = {
  /** The Solana chains served, by CAIP-2 id (`solana:<genesis hash prefix>`). */
  solanaChains: Map<string, SolanaChain>;
  prices: PriceSource;
  /** History page size (items per page). */
  historyPageSize: number;
  /** Base URL for icon links; default the request's own origin. */
  publicUrl?: string | undefined;
};

/**
 * The spec §7 account calls for Solana, in the eip155 response shapes, registered before the
 * eip155 routes:
 * - `GET /v1/account/{address}/balance?chainId=solana:…` → `{ balances }` (SOL, then SPL tokens);
 * - `GET /v1/account/{address}/history?chainId=solana:…&cursor=` → `{ data, next }`, also for a
 *   base58 address without `chainId` (the first configured Solana chain).
 * A `solana:` chain the API does not serve gives empty results (spec §7). Any other request falls
 * through to the eip155 routes.
 */
export function solanaRoutes(deps: SolanaRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const iconUrlFor = (c: Context<AppEnv>) => {
    const base = deps.publicUrl ?? new URL(c.req.url).origin;
    const projectId = encodeURIComponent(c.get('project').id);
    return (symbol: string) => `${base}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${projectId}`;
  };
  const isSolana = (c: Context<AppEnv>, address: string) => {
    const chainId = c.req.query('chainId');
    return chainId ? chainId.startsWith('solana:') : !isEvmAddress(address) && isSolanaAddress(address);
  };

  app.get('/v1/account/:address/balance', async (c, next) => {
    if (!isSolana(c, c.req.param('address'))) return next();
    const address = parseInput(SolanaAddressSchema, c.req.param('address'));
    const q = parseInput(z.object({ currency: CurrencySchema, chainId: CaipNetworkIdSchema }), {
      currency: c.req.query('currency'),
      chainId: c.req.query('chainId'),
    });
    c.header('X-Airlock-Price-Source', deps.prices.label);
    const chain = deps.solanaChains.get(q.chainId);
    if (!chain) return c.json({ balances: [] });
    return c.json({
      balances: await getSolanaBalances({ chain, prices: deps.prices }, address, q.currency, iconUrlFor(c)),
    });
  });

  app.get('/v1/account/:address/history', async (c, next) => {
    if (!isSolana(c, c.req.param('address'))) return next();
    const address = parseInput(SolanaAddressSchema, c.req.param('address'));
    const q = parseInput(
      z.object({
        currency: CurrencySchema,
        chainId: z.optional(CaipNetworkIdSchema),
        cursor: z.optional(z.string().check(z.maxLength(512))),
      }),
      { currency: c.req.query('currency'), chainId: c.req.query('chainId'), cursor: c.req.query('cursor') },
    );
    c.header('X-Airlock-Price-Source', deps.prices.label);
    const chain = q.chainId ? deps.solanaChains.get(q.chainId) : deps.solanaChains.values().next().value;
    if (!chain) return c.json({ data: [], next: null });
    return c.json(
      await getSolanaHistory(
        { chain, prices: deps.prices },
        {
          owner: address,
          cursor: q.cursor,
          pageSize: deps.historyPageSize,
          currency: q.currency,
          iconUrl: iconUrlFor(c),
        },
      ),
    );
  });

  return app;
}
