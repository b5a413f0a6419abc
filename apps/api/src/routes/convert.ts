import { Hono, type Context } from 'hono';
import { getAddress } from 'viem';
import { z } from 'zod/mini';
import {
  CaipAddressSchema,
  CaipNetworkIdSchema,
  formatCaipAddress,
  isEvmAddress,
  Message,
  parseCaipAddress,
  type CaipAddress,
} from '@airlock/protocol';
import type { Chain } from '../chains.ts';
import { ConvertMessage, type Aggregator, type BuiltTransaction } from '../convert/aggregator.ts';
import { gasPricesFromFeeHistory } from '../convert/gasPrice.ts';
import { readJson } from '../http/body.ts';
import { ApiError, ApiMessage, parseInput } from '../http/errors.ts';
import type { AppEnv } from '../http/guard.ts';

/** Slippage tolerance in percent when the caller gives none (spec §9 'Slippage tolerance 1'). */
export const DEFAULT_SLIPPAGE_PERCENT = 1;
/** Largest slippage a caller may ask for, in percent. */
export const MAX_SLIPPAGE_PERCENT = 50;

/** An amount in the token's smallest unit: a decimal integer string below 2^256. */
const AmountSchema = z
  .pipe(
    z.string().check(z.regex(/^\d{1,78}$/, { error: 'Expected a whole number of the smallest unit' })),
    z.transform((s) => BigInt(s)),
  )
  .check(z.refine((n) => n > 0n && n < 2n ** 256n, { error: 'Must be greater than 0 and below 2^256' }));

/** An EVM account: `0x…` (40 hex) or its eip155 CAIP-10 id; becomes the checksummed `0x…`. */
const UserAddressSchema = z.pipe(
  z.string().check(z.maxLength(160)),
  z.transform((value, ctx) => {
    const address =
      value.includes(':') && CaipAddressSchema.safeParse(value).success ? parseCaipAddress(value).address : value;
    if (!isEvmAddress(address)) {
      ctx.issues.push({ code: 'custom', message: Message.InvalidAddress, input: value });
      return z.NEVER;
    }
    return getAddress(address.startsWith('0x') ? address : `0x${address}`) as `0x${string}`;
  }),
);

/** A token as a CAIP-10 id (`eip155:1:0x…`; `0xeeee…eeee` is the native currency). */
const TokenSchema = z.pipe(
  CaipAddressSchema,
  z.transform((s) => s as CaipAddress),
);

/** Query of GET /v1/convert/tokens (spec §7): `chainId` (CAIP-2). */
export const TokensQuerySchema = z.object({ chainId: CaipNetworkIdSchema });
/** Query of GET /v1/convert/quotes (spec §7): `amount` (smallest units of `from`), `from`, `to` (CAIP-10), optional `userAddress`, `gasPrice` (wei). */
export const QuotesQuerySchema = z.object({
  amount: AmountSchema,
  from: TokenSchema,
  to: TokenSchema,
  userAddress: z.optional(UserAddressSchema),
  gasPrice: z.optional(z.string().check(z.regex(/^\d{1,40}$/))),
});
/** Query of GET /v1/convert/allowance (spec §7): `tokenAddress` (CAIP-10), `userAddress`. */
export const AllowanceQuerySchema = z.object({ tokenAddress: TokenSchema, userAddress: UserAddressSchema });
/** Query of GET /v1/convert/gas-price (spec §7): `chainId` (CAIP-2). */
export const GasPriceQuerySchema = z.object({ chainId: CaipNetworkIdSchema });
/** Query of GET /v1/convert/build-approve (spec §7): `userAddress`, `from` (the token to approve), `to`, optional `amount` (default unlimited). */
export const BuildApproveQuerySchema = z.object({
  userAddress: UserAddressSchema,
  from: TokenSchema,
  to: TokenSchema,
  amount: z.optional(AmountSchema),
});
/**
 * Body of POST /v1/convert/build-transaction (spec §7): `amount`, `from`, `to`,
 * `userAddress`, optional `eip155.slippage` (percent, default 1 per spec §9,
 * at most 50), `projectId`, `disableEstimate` (skip the gas estimate), and
 * `amountOutMin`: the least output (smallest units of `to`, a positive decimal
 * integer string) the caller showed its user, which the built swap never goes below.
 */
export const BuildTransactionBodySchema = z.object({
  amount: AmountSchema,
  amountOutMin: z.optional(AmountSchema),
  from: TokenSchema,
  to: TokenSchema,
  userAddress: UserAddressSchema,
  eip155: z._default(
    z.object({
      slippage: z._default(
        z.coerce.number().check(z.gte(0)).check(z.lte(MAX_SLIPPAGE_PERCENT)),
        DEFAULT_SLIPPAGE_PERCENT,
      ),
    }),
    { slippage: DEFAULT_SLIPPAGE_PERCENT },
  ),
  projectId: z.optional(z.string().check(z.maxLength(128))),
  disableEstimate: z._default(z.boolean(), false),
});

/** Dependencies of {@link convertRoutes}. */
export type ConvertDeps = {
  chains: Map<string, Chain>;
  /** The swap backend; undefined = swaps on no network (every swap call answers 'Network not supported for Swaps'). */
  aggregator?: Aggregator;
  /** Base URL for token icon links; default the request's own origin. */
  publicUrl?: string;
};

/**
 * The swap calls of spec §7 (`/v1/convert/*`) over an {@link Aggregator}.
 * Amounts in responses are decimal strings in smallest units; tokens are
 * CAIP-10. A network the aggregator does not serve: 400 'Network not supported
 * for Swaps'; gas price for a chain the API does not serve: 400 'Network not
 * supported for Gas Price' (spec §8).
 */
export function convertRoutes(deps: ConvertDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const aggregator = (): Aggregator => {
    if (!deps.aggregator) throw new ApiError(400, ConvertMessage.SwapsUnsupported);
    return deps.aggregator;
  };
  const iconUrlFor = (c: Context<AppEnv>) => {
    const base = deps.publicUrl ?? new URL(c.req.url).origin;
    const projectId = encodeURIComponent(c.get('project').id);
    return (symbol: string) => `${base}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${projectId}`;
  };
  const gasPriceOf = async (caipNetworkId: string) => {
    const chain = deps.chains.get(caipNetworkId);
    if (!chain) throw new ApiError(400, ApiMessage.GasPriceUnsupported);
    return gasPricesFromFeeHistory(chain.client);
  };
  const networkOf = (token: CaipAddress) => {
    const { chainNamespace, chainId } = parseCaipAddress(token);
    return `${chainNamespace}:${chainId}`;
  };
  const txJson = (caipNetworkId: string, tx: BuiltTransaction, gasPrice: bigint) => ({
    from: formatCaipAddress(caipNetworkId, tx.from),
    to: formatCaipAddress(caipNetworkId, tx.to),
    data: tx.data,
    value: tx.value.toString(),
    eip155: { gas: tx.gas?.toString() ?? null, gasPrice: gasPrice.toString() },
  });

  app.get('/v1/convert/tokens', async (c) => {
    const q = parseInput(TokensQuerySchema, c.req.query());
    const iconUrl = iconUrlFor(c);
    const tokens = await aggregator().tokens(q.chainId);
    return c.json({ tokens: tokens.map((t) => ({ ...t, logoUri: t.logoUri || iconUrl(t.symbol) })) });
  });

  app.get('/v1/convert/quotes', async (c) => {
    const q = parseInput(QuotesQuerySchema, c.req.query());
    const quote = await aggregator().quote({ from: q.from, to: q.to, amount: q.amount });
    return c.json({
      quotes: [
        {
          id: `${aggregator().label}:${q.from}:${q.to}:${q.amount}`,
          fromAccount: q.from,
          fromAmount: quote.fromAmount.toString(),
          toAccount: q.to,
          toAmount: quote.toAmount.toString(),
          priceImpact: quote.priceImpact,
          fee: { amount: quote.fee.amount.toString(), percent: quote.fee.percent, token: q.from },
          route: quote.route,
        },
      ],
    });
  });

  app.get('/v1/convert/allowance', async (c) => {
    const q = parseInput(AllowanceQuerySchema, c.req.query());
    const allowance = await aggregator().allowance({ token: q.tokenAddress, owner: q.userAddress });
    return c.json({ allowance: allowance.toString() });
  });

  app.get('/v1/convert/gas-price', async (c) => {
    const q = parseInput(GasPriceQuerySchema, c.req.query());
    const prices = await gasPriceOf(q.chainId);
    return c.json({
      standard: prices.standard.toString(),
      fast: prices.fast.toString(),
      instant: prices.instant.toString(),
    });
  });

  app.get('/v1/convert/build-approve', async (c) => {
    const q = parseInput(BuildApproveQuerySchema, c.req.query());
    const network = networkOf(q.from);
    if (networkOf(q.to) !== network) throw new ApiError(400, ConvertMessage.CrossChain);
    const tx = await aggregator().buildApprove({ token: q.from, owner: q.userAddress, amount: q.amount });
    const { standard } = await gasPriceOf(network);
    return c.json({ tx: txJson(network, tx, standard) });
  });

  app.post('/v1/convert/build-transaction', async (c) => {
    const body = parseInput(BuildTransactionBodySchema, await readJson(c.req.raw));
    const network = networkOf(body.from);
    const built = await aggregator().buildTransaction({
      from: body.from,
      to: body.to,
      amount: body.amount,
      userAddress: body.userAddress,
      slippagePercent: body.eip155.slippage,
      estimateGas: !body.disableEstimate,
      amountOutMin: body.amountOutMin,
    });
    const { standard } = await gasPriceOf(network);
    return c.json({
      tx: txJson(network, built, standard),
      quote: {
        fromAmount: built.quote.fromAmount.toString(),
        toAmount: built.quote.toAmount.toString(),
        priceImpact: built.quote.priceImpact,
      },
      toAmountMin: built.toAmountMin.toString(),
      slippage: body.eip155.slippage,
      deadline: Number(built.deadline),
    });
  });

  return app;
}
