import { Hono, type Context } from 'hono';
import { z } from 'zod/mini';
import { CaipNetworkIdSchema, Message } from '@airlock/protocol';
import { isBip122Address } from '@airlock/protocol/bip122';
import { readJson } from '../http/body.ts';
import { ApiError, ApiMessage, parseInput } from '../http/errors.ts';
import type { AppEnv } from '../http/guard.ts';
import type { PriceSource } from '../prices.ts';
import { getBip122Balances } from './balances.ts';
import type { Bip122Chain } from './config.ts';
import { getBip122History } from './history.ts';
import { MAX_TX_HEX, broadcastBip122Tx, getBip122FeeRates, getBip122Utxos } from './spend.ts';

const CurrencySchema = z._default(z.string().check(z.regex(/^[a-z]{3}$/, { error: 'Invalid input' })), 'usd');

/** Dependencies of the Bitcoin routes. */
export type Bip122RouteDeps = {
  /** The Bitcoin networks served, by CAIP-2 id (`bip122:<genesis hash prefix>`). */
  bip122Chains: Map<string, Bip122Chain>;
  prices: PriceSource;
  /** History page size (items per page). */
  historyPageSize: number;
  /** Base URL for icon links; default the request's own origin. */
  publicUrl?: string | undefined;
};

/**
 * The spec §7 account calls for Bitcoin, registered before the eip155 routes, taken only with
 * `chainId=bip122:…` (a Bitcoin address alone does not name its network):
 * - `GET /v1/account/{address}/balance?chainId=bip122:…` → `{ balances: [BTC] }`, with the
 *   confirmed and unconfirmed parts (`getBip122Balances`);
 * - `GET /v1/account/{address}/history?chainId=bip122:…&cursor=` → `{ data, next }`;
 * - `GET /v1/account/{address}/utxo?chainId=bip122:…` → `{ utxos: [{ txid, vout, value (sats), confirmed }] }`,
 *   the coins a send spends (`getBip122Utxos`);
 * - `GET /v1/convert/gas-price?chainId=bip122:…` → `{ standard, fast, instant }` in sat/vB
 *   (`getBip122FeeRates`; 400 'Network not supported for Gas Price' for an unserved network);
 * - `POST /v1/bip122/transaction?chainId=bip122:…` `{ hex }` → `{ txid }`: broadcasts a signed
 *   transaction (`broadcastBip122Tx`; 400 with the node's reason when refused, 400 for an unserved network).
 * The address must be valid on that network (400 'Invalid address' otherwise, nothing fetched).
 * A `bip122:` network the API does not serve gives empty results (spec §7). Any other request
 * falls through.
 */
export function bip122Routes(deps: Bip122RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const iconUrlFor = (c: Context<AppEnv>) => {
    const base = deps.publicUrl ?? new URL(c.req.url).origin;
    const projectId = encodeURIComponent(c.get('project').id);
    return (symbol: string) => `${base}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${projectId}`;
  };
  const isBip122 = (c: Context<AppEnv>) => c.req.query('chainId')?.startsWith('bip122:') === true;
  const read = (c: Context<AppEnv>) => {
    const q = parseInput(
      z.object({
        currency: CurrencySchema,
        chainId: CaipNetworkIdSchema,
        cursor: z.optional(z.string().check(z.maxLength(128))),
      }),
      { currency: c.req.query('currency'), chainId: c.req.query('chainId'), cursor: c.req.query('cursor') },
    );
    const chain = deps.bip122Chains.get(q.chainId);
    const address = c.req.param('address') ?? '';
    if (chain)
      parseInput(
        z.string().check(z.refine((a) => isBip122Address(a, chain.caipNetworkId), { error: Message.InvalidAddress })),
        address,
      );
    c.header('X-Airlock-Price-Source', deps.prices.label);
    return { q, chain, address };
  };

  app.get('/v1/account/:address/balance', async (c, next) => {
    if (!isBip122(c)) return next();
    const { q, chain, address } = read(c);
    if (!chain) return c.json({ balances: [] });
    return c.json({
      balances: await getBip122Balances({ chain, prices: deps.prices }, address, q.currency, iconUrlFor(c)),
    });
  });

  app.get('/v1/account/:address/history', async (c, next) => {
    if (!isBip122(c)) return next();
    const { q, chain, address } = read(c);
    if (!chain) return c.json({ data: [], next: null });
    return c.json(
      await getBip122History(
        { chain, prices: deps.prices },
        { address, cursor: q.cursor, pageSize: deps.historyPageSize, currency: q.currency, iconUrl: iconUrlFor(c) },
      ),
    );
  });

  app.get('/v1/account/:address/utxo', async (c, next) => {
    if (!isBip122(c)) return next();
    const { chain, address } = read(c);
    return c.json({ utxos: chain ? await getBip122Utxos(chain, address) : [] });
  });

  app.get('/v1/convert/gas-price', async (c, next) => {
    if (!isBip122(c)) return next();
    const chain = deps.bip122Chains.get(parseInput(ChainQuerySchema, { chainId: c.req.query('chainId') }).chainId);
    if (!chain) throw new ApiError(400, ApiMessage.GasPriceUnsupported);
    const rates = await getBip122FeeRates(chain);
    return c.json({ standard: String(rates.standard), fast: String(rates.fast), instant: String(rates.instant) });
  });

  app.post('/v1/bip122/transaction', async (c) => {
    const chain = deps.bip122Chains.get(parseInput(ChainQuerySchema, { chainId: c.req.query('chainId') }).chainId);
    if (!chain) throw new ApiError(400, 'Network not supported');
    const body = parseInput(TransactionBodySchema, await readJson(c.req.raw));
    return c.json({ txid: await broadcastBip122Tx(chain, body.hex) });
  });

  return app;
}

/** The `chainId` query of the bip122 calls that name no address. */
const ChainQuerySchema = z.object({ chainId: CaipNetworkIdSchema });

/** The body of `POST /v1/bip122/transaction`: a signed raw transaction in hex (even length, at most {@link MAX_TX_HEX}). */
const TransactionBodySchema = z.object({
  hex: z
    .string()
    .check(z.maxLength(MAX_TX_HEX))
    .check(z.regex(/^([0-9a-f]{2})+$/, { error: 'Invalid input' })),
});
