import { Hono, type Context } from 'hono';
import { z } from 'zod/mini';
import { CaipNetworkIdSchema, Message } from '@airlock/protocol';
import { ApiError, parseInput } from './http/errors.ts';
import type { AppEnv } from './http/guard.ts';
import type { PriceSource } from './prices.ts';

const CurrencySchema = z._default(z.string().check(z.regex(/^[a-z]{3}$/, { error: 'Invalid input' })), 'usd');

/** What one namespace's balance route needs (see {@link namespaceBalanceRoutes}). */
export type NamespaceBalanceDeps<C> = {
  /** The CAIP-2 namespace, e.g. `cosmos`. */
  namespace: string;
  /** The networks served, by CAIP-2 id. */
  chains: Map<string, C>;
  /** True when `address` is a valid account of that network. */
  isAddress: (address: string, caipNetworkId: string) => boolean;
  /** The balances of a valid address, `iconUrl(symbol)` for icon links. */
  balances: (chain: C, address: string, currency: string, iconUrl: (symbol: string) => string) => Promise<unknown[]>;
  prices: PriceSource;
  /** Base URL for icon links; default the request's own origin. */
  publicUrl?: string | undefined;
};

/**
 * The spec §7 balance call of one non-eip155 namespace, registered before the eip155 routes and
 * taken only with `chainId=<namespace>:…`: `GET /v1/account/{address}/balance?chainId=…` →
 * `{ balances }`. The address must be valid on that network (400 'Invalid address', nothing
 * fetched); a network the API does not serve gives `{ balances: [] }` (spec §7). Anything else falls through.
 */
export function namespaceBalanceRoutes<C>(deps: NamespaceBalanceDeps<C>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/v1/account/:address/balance', async (c: Context<AppEnv>, next) => {
    if (!c.req.query('chainId')?.startsWith(`${deps.namespace}:`)) return next();
    const q = parseInput(z.object({ currency: CurrencySchema, chainId: CaipNetworkIdSchema }), {
      currency: c.req.query('currency'),
      chainId: c.req.query('chainId'),
    });
    const address = c.req.param('address') ?? '';
    c.header('X-Airlock-Price-Source', deps.prices.label);
    const chain = deps.chains.get(q.chainId);
    if (!chain) return c.json({ balances: [] });
    if (!deps.isAddress(address, q.chainId)) throw new ApiError(400, Message.InvalidAddress);
    const base = deps.publicUrl ?? new URL(c.req.url).origin;
    const projectId = encodeURIComponent(c.get('project').id);
    const iconUrl = (symbol: string) =>
      `${base}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${projectId}`;
    return c.json({ balances: await deps.balances(chain, address, q.currency, iconUrl) });
  });
  return app;
}

/**
 * GET or POST JSON from an operator-configured backend within `timeoutMs`.
 * @throws ApiError 502 `<label> backend unavailable (…)` when it does not answer, answers an error
 *   status or something that is not JSON (the operator's backend, not the caller, is at fault).
 */
export async function backendJson<T>(
  label: string,
  url: string,
  init: RequestInit = {},
  timeoutMs = 10_000,
): Promise<T> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`status ${res.status}`);
    return (await res.json()) as T;
  } catch (error) {
    throw new ApiError(502, `${label} backend unavailable (${(error as Error).message})`);
  }
}
