import { z } from 'zod/mini';
import type { ApiClient } from '../api/client.ts';
import type { SwapQuote, SwapToken } from '../store/state.ts';

/**
 * The swap calls of spec §7 (`/v1/convert/*`), answers validated. Tokens are CAIP-10
 * ids (`eip155:31337:0x…`; `0xeeee…eeee` is the native currency); amounts are decimal
 * strings in the token's smallest unit. Every function rejects with the client's
 * `ApiError` (its message is the API's, e.g. 'Network not supported for Swaps').
 */

/** The placeholder address of a chain's native currency in swap token ids. */
export const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** True when the CAIP-10 token id is the native currency. */
export const isNativeToken = (token: string): boolean => token.toLowerCase().endsWith(`:${NATIVE_TOKEN}`);

const TokenSchema = z.object({
  name: z.string().check(z.maxLength(200)),
  symbol: z.string().check(z.maxLength(50)),
  address: z.string().check(z.maxLength(200)),
  decimals: z.int().check(z.gte(0)).check(z.lte(255)),
  logoUri: z._default(z.string().check(z.maxLength(2000)), ''),
});
const TokensSchema = z.object({ tokens: z.array(TokenSchema).check(z.maxLength(1000)) });
const QuotesSchema = z.object({
  quotes: z
    .array(
      z.object({
        fromAmount: z.string().check(z.maxLength(80)),
        toAmount: z.string().check(z.maxLength(80)),
        priceImpact: z.number(),
        fee: z.object({ amount: z.string().check(z.maxLength(80)), percent: z.number() }),
      }),
    )
    .check(z.minLength(1)),
});
const GasPriceSchema = z.object({
  standard: z.string().check(z.maxLength(80)),
  fast: z.string().check(z.maxLength(80)),
  instant: z.string().check(z.maxLength(80)),
});
const AllowanceSchema = z.object({ allowance: z.string().check(z.maxLength(80)) });
const TxSchema = z.object({
  from: z.string().check(z.maxLength(200)),
  to: z.string().check(z.maxLength(200)),
  data: z.string().check(z.regex(/^0x[0-9a-fA-F]*$/)),
  value: z.string().check(z.regex(/^\d{1,80}$/)),
  eip155: z.optional(z.object({ gas: z.optional(z.nullable(z.string())) })),
});
const BuiltSchema = z.object({ tx: TxSchema });
const BuiltSwapSchema = z.object({ tx: TxSchema, toAmountMin: z.string().check(z.regex(/^\d{1,80}$/)) });

/** A transaction the API built: CAIP-10 `from` / `to`, calldata, value in wei, gas limit when estimated. */
export type SwapTransaction = z.infer<typeof TxSchema>;

/** Tradable tokens of `caipNetworkId` (`GET /v1/convert/tokens`), native first. */
export async function fetchSwapTokens(api: ApiClient, caipNetworkId: string): Promise<SwapToken[]> {
  return (await api.call({ path: '/v1/convert/tokens', query: { chainId: caipNetworkId }, schema: TokensSchema }))
    .tokens;
}

/**
 * The best quote for selling `amount` (smallest units) of `from` for `to` (`GET /v1/convert/quotes`);
 * `signal` cancels it (rejects with ApiError 'Request cancelled').
 */
export async function fetchSwapQuote(
  api: ApiClient,
  request: { from: string; to: string; amount: bigint; userAddress: string; gasPrice?: string | undefined },
  signal?: AbortSignal,
): Promise<SwapQuote> {
  const body = await api.call({
    path: '/v1/convert/quotes',
    query: {
      amount: request.amount.toString(),
      from: request.from,
      to: request.to,
      userAddress: request.userAddress,
      gasPrice: request.gasPrice,
    },
    schema: QuotesSchema,
    signal,
  });
  return body.quotes[0]!;
}

/** Standard, fast and instant gas prices of `caipNetworkId` in wei (`GET /v1/convert/gas-price`). */
export async function fetchGasPrice(api: ApiClient, caipNetworkId: string): Promise<z.infer<typeof GasPriceSchema>> {
  return api.call({ path: '/v1/convert/gas-price', query: { chainId: caipNetworkId }, schema: GasPriceSchema });
}

/** The allowance `userAddress` gave the swap spender for `token` (`GET /v1/convert/allowance`), smallest units. */
export async function fetchAllowance(api: ApiClient, token: string, userAddress: string): Promise<bigint> {
  const body = await api.call({
    path: '/v1/convert/allowance',
    query: { tokenAddress: token, userAddress },
    schema: AllowanceSchema,
  });
  return BigInt(body.allowance);
}

/** The approve transaction for exactly `amount` of `from` (`GET /v1/convert/build-approve`). */
export async function buildApprove(
  api: ApiClient,
  request: { from: string; to: string; amount: bigint; userAddress: string },
): Promise<SwapTransaction> {
  const body = await api.call({
    path: '/v1/convert/build-approve',
    query: { from: request.from, to: request.to, amount: request.amount.toString(), userAddress: request.userAddress },
    schema: BuiltSchema,
  });
  return body.tx;
}

/**
 * The swap transaction (`POST /v1/convert/build-transaction`) with the API's default
 * slippage (spec §9: 1 %), selling exactly `amount` for at least `amountOutMin` (smallest
 * units of `to`: the minimum the visitor was shown; the API never lowers it). Resolves
 * with the transaction and the minimum it was built with (`toAmountMin`).
 */
export async function buildSwap(
  api: ApiClient,
  request: { from: string; to: string; amount: bigint; amountOutMin: bigint; userAddress: string; projectId: string },
): Promise<{ tx: SwapTransaction; toAmountMin: bigint }> {
  const body = await api.call({
    path: '/v1/convert/build-transaction',
    method: 'POST',
    body: {
      amount: request.amount.toString(),
      amountOutMin: request.amountOutMin.toString(),
      from: request.from,
      to: request.to,
      userAddress: request.userAddress,
      projectId: request.projectId,
      eip155: { slippage: 1 },
    },
    schema: BuiltSwapSchema,
  });
  return { tx: body.tx, toAmountMin: BigInt(body.toAmountMin) };
}

/**
 * An API-built transaction as the `eth_sendTransaction` object (EIP-1193): plain
 * addresses, value and gas as hex quantities.
 */
export function toSendTransaction(tx: SwapTransaction): {
  from: `0x${string}`;
  to: `0x${string}`;
  data: `0x${string}`;
  value: `0x${string}`;
  gas?: `0x${string}`;
} {
  const plain = (id: string) => id.split(':').pop() as `0x${string}`;
  const gas = tx.eip155?.gas;
  return {
    from: plain(tx.from),
    to: plain(tx.to),
    data: tx.data as `0x${string}`,
    value: `0x${BigInt(tx.value).toString(16)}`,
    ...(gas && /^\d+$/.test(gas) ? { gas: `0x${BigInt(gas).toString(16)}` as const } : {}),
  };
}
