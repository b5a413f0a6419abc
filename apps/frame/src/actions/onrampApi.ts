import { HistoryResponseSchema, type HistoryItem } from '@airlock/protocol';
import { z } from 'zod/mini';
import type { ApiClient } from '../api/client.ts';
import type { OnrampPaymentCurrency, OnrampProviderInfo, OnrampPurchaseCurrency, OnrampQuote } from '../store/state.ts';

/**
 * The onramp calls of spec §7 (`/v1/onramp/options`, `/v1/onramp/quote`,
 * `/v1/generators/onrampurl`, history with `onramp`), answers validated. Every function
 * rejects with the client's `ApiError`.
 */

/** The quote id of the API's mock quote when no provider could quote (spec §8). */
export const MOCK_QUOTE_ID = 'mocked-quote-id';

const Money = z.object({ amount: z.string().check(z.maxLength(80)), currency: z.string().check(z.maxLength(16)) });
const OptionsSchema = z.object({
  purchaseCurrencies: z
    .array(
      z.object({
        id: z.string().check(z.maxLength(32)),
        name: z.string().check(z.maxLength(100)),
        symbol: z.string().check(z.maxLength(32)),
        networks: z
          .array(
            z.object({
              name: z.string().check(z.maxLength(100)),
              display_name: z.string().check(z.maxLength(100)),
              chain_id: z.string().check(z.maxLength(100)),
              contract_address: z.string().check(z.maxLength(200)),
            }),
          )
          .check(z.maxLength(100)),
      }),
    )
    .check(z.maxLength(500)),
  paymentCurrencies: z
    .array(
      z.object({
        id: z.string().check(z.maxLength(16)),
        payment_method_limits: z
          .array(
            z.object({
              id: z.string().check(z.maxLength(32)),
              min: z.string().check(z.maxLength(32)),
              max: z.string().check(z.maxLength(32)),
            }),
          )
          .check(z.maxLength(20)),
      }),
    )
    .check(z.maxLength(100)),
  // Spec §5: providers must be a list; any other answer shows none. A logo that is not an http(s)
  // URL of at most 2048 characters is dropped (the card then shows the name's initial), not the provider.
  providers: z.catch(
    z.array(
      z.object({
        id: z.string().check(z.maxLength(32)),
        name: z.string().check(z.maxLength(64)),
        logoUrl: z.catch(z.optional(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))), undefined),
      }),
    ),
    [],
  ),
});
const QuoteSchema = z.object({
  purchaseAmount: Money,
  paymentTotal: Money,
  networkFee: Money,
  fee: Money,
  quoteId: z.string().check(z.maxLength(200)),
  provider: z.optional(z.object({ id: z.string().check(z.maxLength(32)), name: z.string().check(z.maxLength(64)) })),
});
const UrlSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  purchaseId: z.optional(z.string().check(z.maxLength(128))),
});

/**
 * Options (spec §7): purchase and payment currencies and the providers that answered (none: the sample
 * options of spec §8), each with its logo (`logoUrl`, http(s)) when the API's operator configured one.
 */
export async function fetchOnrampOptions(api: ApiClient): Promise<{
  purchaseCurrencies: OnrampPurchaseCurrency[];
  paymentCurrencies: OnrampPaymentCurrency[];
  providers: OnrampProviderInfo[];
}> {
  const body = await api.call({ path: '/v1/onramp/options', schema: OptionsSchema });
  return {
    ...body,
    providers: body.providers.map(({ id, name, logoUrl }) => (logoUrl ? { id, name, logoUrl } : { id, name })),
  };
}

/**
 * One provider's quote (or, without `provider`, the best) for paying `amount` of
 * `paymentCurrency` for `purchaseCurrency` on `network` (CAIP-2). When quoting fails the
 * API answers the mock quote {@link MOCK_QUOTE_ID} (spec §8); its `provider` is then
 * the one asked, named by `fallbackName`.
 */
export async function fetchOnrampQuote(
  api: ApiClient,
  request: {
    purchaseCurrency: string;
    paymentCurrency: string;
    amount: string;
    network: string;
    provider?: { id: string; name: string };
  },
): Promise<OnrampQuote> {
  const body = await api.call({
    path: '/v1/onramp/quote',
    method: 'POST',
    body: {
      purchaseCurrency: request.purchaseCurrency,
      paymentCurrency: request.paymentCurrency,
      amount: request.amount,
      network: request.network,
      provider: request.provider?.id,
    },
    schema: QuoteSchema,
  });
  return {
    provider: body.provider ?? request.provider ?? { id: '', name: 'No provider' },
    purchaseAmount: body.purchaseAmount.amount,
    paymentTotal: body.paymentTotal.amount,
    fee: body.fee.amount,
    networkFee: body.networkFee.amount,
    quoteId: body.quoteId,
  };
}

/**
 * The provider's signed checkout URL (`POST /v1/generators/onrampurl`, spec §7) for
 * buying `asset` on `network` to `address`, with the fiat amount preset.
 * @returns the URL and the purchase id (from the answer, else the URL's `externalTransactionId`), '' when neither has one.
 */
export async function createOnrampUrl(
  api: ApiClient,
  request: {
    address: string;
    network: string;
    asset: string;
    provider: string;
    paymentCurrency: string;
    amount: string;
  },
): Promise<{ url: string; purchaseId: string }> {
  const body = await api.call({
    path: '/v1/generators/onrampurl',
    method: 'POST',
    body: {
      destinationWallets: [{ address: request.address, blockchains: [request.network], assets: [request.asset] }],
      defaultNetwork: request.network,
      partnerUserId: request.address.toLowerCase(),
      defaultExperience: 'buy',
      presetFiatAmount: Number(request.amount),
      provider: request.provider,
      paymentCurrency: request.paymentCurrency,
    },
    schema: UrlSchema,
  });
  const purchaseId = body.purchaseId ?? new URL(body.url).searchParams.get('externalTransactionId') ?? '';
  return { url: body.url, purchaseId };
}

/** The account's onramp purchases on `caipNetworkId` as history items (`GET /v1/account/{address}/history?onramp=all`). */
export async function fetchOnrampHistory(
  api: ApiClient,
  address: string,
  caipNetworkId: string,
): Promise<HistoryItem[]> {
  const body = await api.call({
    path: `/v1/account/${address}/history`,
    query: { onramp: 'all', chainId: caipNetworkId },
    // Spec §7 'no-cache option for the onramp': a purchase's status changes, a cached answer would hide it.
    cache: 'no-cache',
    schema: HistoryResponseSchema,
  });
  return body.data.filter((item) => item.metadata.chain === caipNetworkId);
}
