import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import type { OnrampProvider, PurchaseCurrency, WebhookEvent } from './provider.ts';
import { onrampPurchases, onrampWebhookEvents } from './tables.ts';

/** A payment currency with its per-method limits (spec §3; amounts as decimal strings). */
export type PaymentCurrency = { id: string; payment_method_limits: { id: string; min: string; max: string }[] };

/** Spec §9 limits: card 10.00–7500.00, ACH bank account 10.00–25000.00, in USD and EUR. */
export const PAYMENT_CURRENCIES: PaymentCurrency[] = ['USD', 'EUR'].map((id) => ({
  id,
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
}));

/** The built-in sample options served when every provider fails (spec §8): USDC on Ethereum mainnet and Polygon (spec §9 default), USD and EUR. */
export const SAMPLE_OPTIONS: { purchaseCurrencies: PurchaseCurrency[]; paymentCurrencies: PaymentCurrency[] } = {
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        {
          name: 'ethereum',
          display_name: 'Ethereum',
          chain_id: 'eip155:1',
          contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        },
        {
          name: 'polygon',
          display_name: 'Polygon',
          chain_id: 'eip155:137',
          contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
        },
      ],
    },
  ],
  paymentCurrencies: PAYMENT_CURRENCIES,
};

/** The quote id of the mock quote served when quoting fails (spec §8). */
export const MOCK_QUOTE_ID = 'mocked-quote-id';

/** An onramp quote (spec §3): amounts and currencies, `quoteId`, and the provider that quoted (absent on the mock). */
export type OnrampQuote = {
  purchaseAmount: { amount: string; currency: string };
  paymentSubtotal: { amount: string; currency: string };
  paymentTotal: { amount: string; currency: string };
  networkFee: { amount: string; currency: string };
  fee: { amount: string; currency: string };
  quoteId: string;
  provider?: { id: string; name: string };
};

/** Onramp configuration and state shared by the routes. */
export type OnrampDeps = {
  db: Db;
  providers: OnrampProvider[];
  /** Purchase currency when the caller names none on an EVM network (spec §7: USDC). */
  defaultPurchaseCurrency: string;
  log: (message: string) => void;
};

/**
 * Options (spec §7 `/v1/onramp/options`): the union of the providers'
 * purchase currencies and the spec §9 payment currencies, and the providers that answered
 * (`{ id, name, url, logoUrl? }`). When every
 * provider fails (or none is configured): {@link SAMPLE_OPTIONS} (spec §8).
 */
export async function onrampOptions(
  deps: OnrampDeps,
): Promise<typeof SAMPLE_OPTIONS & { providers: { id: string; name: string; url: string; logoUrl?: string }[] }> {
  const results = await Promise.allSettled(deps.providers.map((p) => p.currencies()));
  const merged = new Map<string, PurchaseCurrency>();
  const up: OnrampProvider[] = [];
  results.forEach((result, i) => {
    if (result.status === 'rejected')
      return deps.log(
        `[api] onramp provider ${deps.providers[i]!.id}: currencies failed (${(result.reason as Error).message})`,
      );
    up.push(deps.providers[i]!);
    for (const currency of result.value) if (!merged.has(currency.id)) merged.set(currency.id, currency);
  });
  if (!merged.size) return { ...SAMPLE_OPTIONS, providers: [] };
  return {
    purchaseCurrencies: [...merged.values()],
    paymentCurrencies: PAYMENT_CURRENCIES,
    providers: up.map((p) => ({ id: p.id, name: p.name, url: p.url, ...(p.logoUrl ? { logoUrl: p.logoUrl } : {}) })),
  };
}

/**
 * Checks `amount` of `paymentCurrency` against the spec §9 card limits.
 * @throws ApiError 400 'paymentCurrency: …' / 'amount: Must be between 10.00 and 7500.00 USD'.
 */
export function checkPaymentAmount(paymentCurrency: string, amount: number, method = 'card'): void {
  const currency = PAYMENT_CURRENCIES.find((c) => c.id === paymentCurrency.toUpperCase());
  if (!currency)
    throw new ApiError(400, `paymentCurrency: Expected one of ${PAYMENT_CURRENCIES.map((c) => c.id).join(', ')}`);
  const limit = currency.payment_method_limits.find((l) => l.id === method)!;
  if (!(amount >= Number(limit.min) && amount <= Number(limit.max)))
    throw new ApiError(400, `amount: Must be between ${limit.min} and ${limit.max} ${currency.id}`);
}

/**
 * The best quote over the providers (most crypto for the money), or with
 * `providerId` that provider's. When quoting fails: the mock quote
 * {@link MOCK_QUOTE_ID} (spec §8), all amounts '0' but the payment.
 */
export async function onrampQuote(
  deps: OnrampDeps,
  request: { purchaseCurrency: string; paymentCurrency: string; amount: number; network: string; providerId?: string },
): Promise<OnrampQuote> {
  checkPaymentAmount(request.paymentCurrency, request.amount);
  const providers = request.providerId ? deps.providers.filter((p) => p.id === request.providerId) : deps.providers;
  const payment = request.paymentCurrency.toUpperCase();
  const amount = request.amount.toFixed(2);
  const results = await Promise.allSettled(
    providers.map((p) =>
      p.quote({
        purchaseCurrency: request.purchaseCurrency,
        paymentCurrency: payment,
        amount,
        network: request.network,
      }),
    ),
  );
  let best: { provider: OnrampProvider; quote: Awaited<ReturnType<OnrampProvider['quote']>> } | undefined;
  results.forEach((result, i) => {
    if (result.status === 'rejected')
      return deps.log(`[api] onramp provider ${providers[i]!.id}: quote failed (${(result.reason as Error).message})`);
    if (!best || Number(result.value.cryptoAmount) > Number(best.quote.cryptoAmount))
      best = { provider: providers[i]!, quote: result.value };
  });
  const money = (value: string) => ({ amount: value, currency: payment });
  const crypto = (value: string) => ({ amount: value, currency: request.purchaseCurrency });
  if (!best) {
    return {
      purchaseAmount: crypto('0'),
      paymentSubtotal: money(amount),
      paymentTotal: money(amount),
      networkFee: money('0'),
      fee: money('0'),
      quoteId: MOCK_QUOTE_ID,
    };
  }
  const { quote, provider } = best;
  return {
    purchaseAmount: crypto(quote.cryptoAmount),
    paymentSubtotal: money(quote.subtotal),
    paymentTotal: money(quote.total),
    networkFee: money(quote.networkFee),
    fee: money(quote.fee),
    quoteId: quote.quoteId,
    provider: { id: provider.id, name: provider.name },
  };
}

/**
 * Stores a purchase (`created`) and returns the provider's signed checkout URL
 * with the spec §7 parameters: `publicKey`, `destinationCurrencyCode` (the
 * asset asked for, else SOL on Solana, else the default purchase currency),
 * `walletAddress`, `externalCustomerId` (the caller's `partnerUserId`).
 * @throws ApiError 400 'provider: Unknown onramp provider'.
 */
export async function createOnrampUrl(
  deps: OnrampDeps,
  request: {
    projectId: string;
    providerId?: string;
    address: string;
    network: string;
    asset?: string;
    partnerUserId: string;
    paymentCurrency: string;
    paymentAmount?: number;
    cryptoAmount?: number;
  },
): Promise<{ url: string; purchaseId: string; provider: string }> {
  const provider = request.providerId ? deps.providers.find((p) => p.id === request.providerId) : deps.providers[0];
  if (!provider) throw new ApiError(400, 'provider: Unknown onramp provider');
  if (request.paymentAmount !== undefined) checkPaymentAmount(request.paymentCurrency, request.paymentAmount);
  const destinationCurrencyCode =
    request.asset ?? (request.network.startsWith('solana:') ? 'SOL' : deps.defaultPurchaseCurrency);
  const purchaseId = randomUUID();
  const paymentCurrency = request.paymentCurrency.toUpperCase();
  await deps.db.insert(onrampPurchases).values({
    id: purchaseId,
    projectId: request.projectId,
    provider: provider.id,
    address: request.network.startsWith('eip155:') ? request.address.toLowerCase() : request.address,
    caipNetworkId: request.network,
    purchaseCurrency: destinationCurrencyCode,
    paymentCurrency,
    paymentAmount: request.paymentAmount?.toFixed(2) ?? null,
    status: 'created',
  });
  const url = provider.checkoutUrl({
    purchaseId,
    walletAddress: request.address,
    destinationCurrencyCode,
    network: request.network,
    externalCustomerId: request.partnerUserId,
    paymentCurrency,
    paymentAmount: request.paymentAmount?.toFixed(2),
    cryptoAmount: request.cryptoAmount?.toString(),
  });
  return { url, purchaseId, provider: provider.id };
}

/**
 * Applies a provider webhook: verifies it (see `verifyWebhook`), refuses a
 * replayed event id (409), then moves the purchase forward
 * (created → pending → completed | failed; never back). The wallet address
 * must be the purchase's.
 * @throws ApiError 401 (signature, stale), 400 (body), 404 (unknown provider or purchase), 409 (replay).
 */
export async function applyOnrampWebhook(
  deps: OnrampDeps,
  providerId: string,
  rawBody: string,
  signatureHeader: string | undefined,
  nowSeconds: number,
): Promise<WebhookEvent> {
  const provider = deps.providers.find((p) => p.id === providerId);
  if (!provider) throw new ApiError(404, 'Unknown onramp provider');
  let event: WebhookEvent;
  try {
    event = provider.verifyWebhook(rawBody, signatureHeader, nowSeconds);
  } catch (error) {
    const message = (error as Error).message;
    throw new ApiError(message === 'Invalid webhook body' ? 400 : 401, message);
  }
  const [purchase] = await deps.db
    .select()
    .from(onrampPurchases)
    .where(and(eq(onrampPurchases.id, event.purchaseId), eq(onrampPurchases.provider, provider.id)));
  const wallet = purchase?.caipNetworkId.startsWith('eip155:')
    ? event.walletAddress.toLowerCase()
    : event.walletAddress;
  if (!purchase || purchase.address !== wallet) throw new ApiError(404, 'Unknown purchase');
  const fresh = await deps.db
    .insert(onrampWebhookEvents)
    .values({ provider: provider.id, eventId: event.eventId })
    .onConflictDoNothing()
    .returning();
  if (!fresh.length) throw new ApiError(409, 'Webhook event already processed');
  const order = { created: 0, pending: 1, completed: 2, failed: 2 } as const;
  if (order[event.status] > order[purchase.status]) {
    await deps.db
      .update(onrampPurchases)
      .set({
        status: event.status,
        purchaseAmount: event.cryptoAmount ?? purchase.purchaseAmount,
        txHash: event.txHash ?? purchase.txHash,
        updatedAt: new Date(),
      })
      .where(eq(onrampPurchases.id, purchase.id));
  }
  return event;
}

/**
 * The account's onramp purchases as history items (spec §7 history with
 * `onramp`), newest first: `operationType` `buy`, `status` `pending` |
 * `confirmed` | `failed`, one incoming transfer of the purchased currency
 * (`quantity.numeric` whole tokens, `value` the fiat paid). Purchases whose
 * checkout never started (`created`) are left out. `providerId` 'all' = every provider.
 */
export async function onrampHistory(db: Db, address: string, providerId: string, iconUrl: (symbol: string) => string) {
  const where = [eq(onrampPurchases.address, address.toLowerCase()), ne(onrampPurchases.status, 'created')];
  if (providerId !== 'all') where.push(eq(onrampPurchases.provider, providerId));
  const rows = await db
    .select()
    .from(onrampPurchases)
    .where(and(...where))
    .orderBy(desc(onrampPurchases.updatedAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    metadata: {
      operationType: 'buy' as const,
      hash: row.txHash ?? '',
      minedAt: row.updatedAt.toISOString(),
      sentFrom: row.provider,
      sentTo: row.address,
      status: row.status === 'completed' ? ('confirmed' as const) : (row.status as 'pending' | 'failed'),
      nonce: 0,
      chain: row.caipNetworkId,
      onramp: { provider: row.provider, paymentCurrency: row.paymentCurrency, paymentAmount: row.paymentAmount },
    },
    transfers: [
      {
        fungible_info: {
          name: row.purchaseCurrency,
          symbol: row.purchaseCurrency,
          icon: { url: iconUrl(row.purchaseCurrency) },
        },
        direction: 'in' as const,
        quantity: { numeric: row.purchaseAmount ?? '0' },
        value: Number(row.paymentAmount ?? 0),
        price: 0,
      },
    ],
  }));
}
