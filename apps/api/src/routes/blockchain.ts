import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { CaipAddressSchema, CaipNetworkIdSchema, isEvmAddress, Message, parseCaipAddress } from '@airlock/protocol';
import type { Chain } from '../chains.ts';
import type { Db } from '../db/client.ts';
import { tokens } from '../db/schema.ts';
import type { SolanaChain } from '../solana/config.ts';
import type { PriceSource } from '../prices.ts';
import type { TokenLists } from '../tokenLists.ts';
import { getBalances } from '../balances.ts';
import { getHistory } from '../history.ts';
import { createEtherscanHistory } from '../historyProviders/etherscan.ts';
import type { HistoryProvider } from '../historyProviders/provider.ts';
import { ApiError } from '../http/errors.ts';
import { getIdentity } from '../identity.ts';
import { parseInput } from '../http/errors.ts';
import type { AppEnv } from '../http/guard.ts';
import { readJson } from '../http/body.ts';

/** An EVM address path parameter (40 hex, optional 0x; spec §5), message 'Invalid address'. */
export const EvmAddressSchema = z.string().check(z.refine((a) => isEvmAddress(a), { error: Message.InvalidAddress }));

/** A fiat currency code, lowercase ISO 4217 (only `usd` has prices in the dev table). */
const CurrencySchema = z._default(z.string().check(z.regex(/^[a-z]{3}$/, { error: 'Invalid input' })), 'usd');

/** Query of GET /v1/account/{address}/balance (spec §7): `currency` (default usd), `chainId` (CAIP-2), optional `forceUpdate`. */
export const BalanceQuerySchema = z.object({
  currency: CurrencySchema,
  chainId: CaipNetworkIdSchema,
  forceUpdate: z.optional(z.string().check(z.maxLength(64))),
});

/** Query of GET /v1/account/{account}/history (spec §7): optional `cursor` (from `next`), `chainId` (CAIP-2), `currency`. */
export const HistoryQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(512))),
  chainId: z.optional(CaipNetworkIdSchema),
  currency: CurrencySchema,
  onramp: z.optional(z.string().check(z.maxLength(64))),
});

/** Body of POST /v1/fungible/price (spec §7): `currency` (default usd), `addresses` (1–100 CAIP-10 token ids), `projectId`. */
export const FungiblePriceBodySchema = z.object({
  currency: CurrencySchema,
  addresses: z.array(CaipAddressSchema).check(z.minLength(1)).check(z.maxLength(100)),
  projectId: z.optional(z.string().check(z.maxLength(128))),
});

/** The placeholder address wallets use for the native currency (`0xeeee…eeee`). */
const NATIVE_SENTINEL = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** Dependencies of the blockchain routes. */
export type BlockchainDeps = {
  db: Db;
  chains: Map<string, Chain>;
  /** Solana chains: listed by supported-chains (their reads are `solana/routes.ts`); default none. */
  solanaChains?: Map<string, SolanaChain> | undefined;
  prices: PriceSource;
  /** The operator's token lists (balances). */
  tokenLists: TokenLists;
  /** Log sink (a chain without Multicall3, a failed history provider). */
  log: (message: string) => void;
  /** History page size (items per page), default 20. */
  historyPageSize: number;
  /** Base URL for icon links; default the request's own origin. */
  publicUrl?: string;
};

/**
 * Provider blockchain calls (spec §7): supported-chains (the eip155 and Solana chains served), balance, history,
 * identity, fungible price (gas price is with the swap calls, `routes/convert.ts`).
 * An unsupported chain gives empty results (spec §7). History of a chain with a history provider (`history` in
 * its configuration, e.g. Etherscan v2) comes from that provider when `chainId` names the chain; otherwise from the
 * indexer.
 * Priced responses carry `X-Airlock-Price-Source: <label>` (e.g. dev-fixed-table).
 */
export function blockchainRoutes(deps: BlockchainDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const iconUrlFor = (c: Context<AppEnv>) => {
    const base = deps.publicUrl ?? new URL(c.req.url).origin;
    const projectId = encodeURIComponent(c.get('project').id);
    return (symbol: string) => `${base}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${projectId}`;
  };

  // Chains with a history provider of their own (`history` in AIRLOCK_CHAINS); the others use the indexer.
  const providers = new Map<string, HistoryProvider>();
  for (const chain of deps.chains.values())
    if (chain.history)
      providers.set(chain.caipNetworkId, createEtherscanHistory({ chain, config: chain.history, prices: deps.prices }));

  // Every chain the API serves, which is every chain its RPC proxy (`POST /v1/`) serves: eip155, then Solana.
  app.get('/v1/supported-chains', (c) =>
    c.json({ http: [...deps.chains.keys(), ...(deps.solanaChains?.keys() ?? [])], ws: [] as string[] }),
  );

  app.get('/v1/account/:address/balance', async (c) => {
    const address = parseInput(EvmAddressSchema, c.req.param('address'));
    const q = parseInput(BalanceQuerySchema, c.req.query());
    const chain = deps.chains.get(q.chainId);
    c.header('X-Airlock-Price-Source', deps.prices.label);
    if (!chain) return c.json({ balances: [] });
    return c.json({
      balances: await getBalances({ ...deps, chain }, address, q.currency, iconUrlFor(c)),
    });
  });

  app.get('/v1/account/:account/history', async (c) => {
    const address = parseInput(EvmAddressSchema, c.req.param('account'));
    const q = parseInput(HistoryQuerySchema, c.req.query());
    c.header('X-Airlock-Price-Source', deps.prices.label);
    if (q.chainId && !deps.chains.has(q.chainId)) return c.json({ data: [], next: null });
    const provider = q.chainId ? providers.get(q.chainId) : undefined;
    if (provider) {
      try {
        return c.json(
          await provider.page({
            address,
            cursor: q.cursor,
            pageSize: deps.historyPageSize,
            currency: q.currency,
            iconUrl: iconUrlFor(c),
          }),
        );
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // Spec §4: a failed history source answers an empty page with the cursor cleared; the log says why.
        deps.log(`[history] ${q.chainId}: provider failed: ${(error as Error).message.split('\n')[0]}`);
        return c.json({ data: [], next: null });
      }
    }
    return c.json(
      await getHistory(deps, {
        address,
        caipNetworkId: q.chainId,
        cursor: q.cursor,
        pageSize: deps.historyPageSize,
        currency: q.currency,
        iconUrl: iconUrlFor(c),
      }),
    );
  });

  app.get('/v1/identity/:address', async (c) => {
    const address = parseInput(EvmAddressSchema, c.req.param('address'));
    return c.json(await getIdentity(deps.db, address));
  });

  app.post('/v1/fungible/price', async (c) => {
    const body = parseInput(FungiblePriceBodySchema, await readJson(c.req.raw));
    const iconUrl = iconUrlFor(c);
    c.header('X-Airlock-Price-Source', deps.prices.label);
    const fungibles: { name: string; symbol: string; iconUrl: string; price: number }[] = [];
    for (const caipAddress of body.addresses) {
      const { chainNamespace, chainId, address } = parseCaipAddress(caipAddress);
      const caipNetworkId = `${chainNamespace}:${chainId}`;
      const contract = address.toLowerCase();
      let meta: { name: string; symbol: string } | undefined;
      if (contract === NATIVE_SENTINEL) meta = deps.chains.get(caipNetworkId)?.nativeCurrency;
      else {
        [meta] = await deps.db
          .select({ name: tokens.name, symbol: tokens.symbol })
          .from(tokens)
          .where(and(eq(tokens.caipNetworkId, caipNetworkId), eq(tokens.address, contract)));
      }
      if (!meta) continue;
      const price = await deps.prices.getPrice(
        { caipNetworkId, address: contract === NATIVE_SENTINEL ? null : contract, symbol: meta.symbol },
        body.currency,
      );
      fungibles.push({ name: meta.name, symbol: meta.symbol, iconUrl: iconUrl(meta.symbol), price: price ?? 0 });
    }
    return c.json({ fungibles });
  });

  return app;
}
