import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod/mini';

/**
 * Onramp providers behind `/v1/onramp/*` and `/v1/generators/onrampurl`
 * (spec §7). Each is an HTTP card provider in the style of the common ones:
 * a currencies call, a quote call, a hosted checkout whose URL the partner
 * signs with its secret key, and signed webhooks back to the API. The dev
 * stack points two of them (different names and fees) at the onramp sandbox
 * (`apps/onramp-sandbox`).
 */

/** A provider's configuration (env `AIRLOCK_ONRAMP_PROVIDERS`, a JSON list). */
export const OnrampProviderConfigSchema = z.object({
  /** Id used in URLs and stored purchases (`harbor-pay`). */
  id: z.string().check(z.regex(/^[a-z0-9-]{1,32}$/)),
  /** Name shown to the visitor (spec §3 provider name). */
  name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  /** Base URL of the provider (its API and its hosted checkout `/checkout`). */
  url: z.url({ protocol: /^https?$/ }),
  /**
   * The provider's logo, an http(s) URL of an image the operator serves (the dev stack: the onramp
   * sandbox's `/logo/<id>.svg`); the widget shows it on the provider's card. Optional: without it the
   * card shows the name's initial.
   */
  logoUrl: z.optional(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))),
  /** The partner's public key, sent as `publicKey` / `apiKey`. */
  publicKey: z.string().check(z.minLength(1)).check(z.maxLength(200)),
  /** The partner's secret key: signs checkout URLs (HMAC-SHA256). */
  secretKey: z.string().check(z.minLength(16)).check(z.maxLength(200)),
  /** The webhook secret: the provider signs webhooks with it (HMAC-SHA256). */
  webhookSecret: z.string().check(z.minLength(16)).check(z.maxLength(200)),
});

/** A provider's configuration (input shape). */
export type OnrampProviderConfig = z.input<typeof OnrampProviderConfigSchema>;

/** A purchasable currency (spec §3): `id` (symbol), `name`, `symbol`, `networks` with CAIP-2 `chain_id`. */
export type PurchaseCurrency = {
  id: string;
  name: string;
  symbol: string;
  networks: { name: string; display_name: string; chain_id: string; contract_address: string }[];
};

/** A provider quote in fiat `paymentCurrency` and crypto `purchaseCurrency`; amounts decimal strings. */
export type ProviderQuote = {
  cryptoAmount: string;
  fee: string;
  networkFee: string;
  subtotal: string;
  total: string;
  quoteId: string;
};

/** The parameters a checkout URL carries (spec §7): `walletAddress`, `destinationCurrencyCode`, `externalCustomerId`, and the purchase. */
export type CheckoutParams = {
  purchaseId: string;
  walletAddress: string;
  destinationCurrencyCode: string;
  network: string;
  externalCustomerId: string;
  paymentCurrency: string;
  paymentAmount?: string;
  cryptoAmount?: string;
};

/** A verified webhook: the event id (replay key) and the purchase update. */
export type WebhookEvent = {
  eventId: string;
  purchaseId: string;
  status: 'pending' | 'completed' | 'failed';
  walletAddress: string;
  cryptoAmount?: string;
  txHash?: string;
};

/** A configured provider. Calls time out after `timeoutMs` and then reject. */
export type OnrampProvider = {
  id: string;
  name: string;
  url: string;
  /** The provider's logo (an http(s) image URL), when the operator configured one. */
  logoUrl?: string;
  /** The provider's purchasable currencies. */
  currencies: () => Promise<PurchaseCurrency[]>;
  /** A quote for paying `amount` of `paymentCurrency` (fiat) for `purchaseCurrency` on `network` (CAIP-2). */
  quote: (request: {
    purchaseCurrency: string;
    paymentCurrency: string;
    amount: string;
    network: string;
  }) => Promise<ProviderQuote>;
  /** The signed hosted-checkout URL. */
  checkoutUrl: (params: CheckoutParams) => string;
  /**
   * Verifies a webhook: header `x-onramp-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(webhookSecret, "<t>.<raw body>")>`,
   * `t` within {@link WEBHOOK_TOLERANCE_SECONDS} of `nowSeconds`.
   * @throws Error('Invalid signature' | 'Stale webhook' | 'Invalid webhook body').
   */
  verifyWebhook: (rawBody: string, signatureHeader: string | undefined, nowSeconds: number) => WebhookEvent;
};

/** How far a webhook's timestamp may be from the server clock, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** HMAC-SHA256 of `data` with `secret`, hex. */
export const hmacHex = (secret: string, data: string): string =>
  createHmac('sha256', secret).update(data).digest('hex');

/**
 * Signs a checkout query: `signature` = base64url HMAC-SHA256(secretKey, the
 * query string before it, starting with `?`), appended last (the scheme
 * common card providers use for widget URLs).
 */
export function signCheckoutQuery(secretKey: string, query: URLSearchParams): string {
  const search = `?${query.toString()}`;
  return `${search}&signature=${createHmac('sha256', secretKey).update(search).digest('base64url')}`;
}

/** Verifies a query signed by {@link signCheckoutQuery} (`search` starting with `?`). Never throws. */
export function verifyCheckoutQuery(secretKey: string, search: string): boolean {
  const at = search.lastIndexOf('&signature=');
  if (at < 0) return false;
  const expected = createHmac('sha256', secretKey).update(search.slice(0, at)).digest();
  const given = Buffer.from(search.slice(at + '&signature='.length), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Formats the webhook signature header for `rawBody` at `timestamp` (seconds). */
export function webhookSignatureHeader(webhookSecret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(webhookSecret, `${timestamp}.${rawBody}`)}`;
}

const WebhookBodySchema = z.object({
  id: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  data: z.object({
    externalTransactionId: z.string().check(z.minLength(1)).check(z.maxLength(128)),
    status: z.enum(['pending', 'completed', 'failed']),
    walletAddress: z.string().check(z.maxLength(128)),
    cryptoAmount: z.optional(z.string().check(z.regex(/^\d{1,40}(\.\d{1,36})?$/))),
    txHash: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))),
  }),
});

/**
 * An {@link OnrampProvider} over the provider's HTTP API: `GET /v1/currencies`,
 * `GET /v1/quote`, hosted checkout `/checkout` (signed URL), webhooks as
 * described at `verifyWebhook`.
 */
export function createHttpOnrampProvider(
  input: OnrampProviderConfig,
  options: { timeoutMs?: number } = {},
): OnrampProvider {
  const config = OnrampProviderConfigSchema.parse(input);
  const base = config.url.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const getJson = async (path: string, query: Record<string, string>) => {
    const response = await fetch(`${base}${path}?${new URLSearchParams({ apiKey: config.publicKey, ...query })}`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`${config.id}: ${path} answered ${response.status}`);
    return (await response.json()) as unknown;
  };
  return {
    id: config.id,
    name: config.name,
    url: base,
    ...(config.logoUrl ? { logoUrl: config.logoUrl } : {}),
    currencies: async () => {
      const body = z.object({ purchaseCurrencies: z.array(z.any()) }).parse(await getJson('/v1/currencies', {}));
      return body.purchaseCurrencies as PurchaseCurrency[];
    },
    quote: async (request) => {
      const body = await getJson('/v1/quote', {
        baseCurrencyCode: request.paymentCurrency,
        baseCurrencyAmount: request.amount,
        currencyCode: request.purchaseCurrency,
        network: request.network,
      });
      return z
        .object({
          cryptoAmount: z.string(),
          fee: z.string(),
          networkFee: z.string(),
          subtotal: z.string(),
          total: z.string(),
          quoteId: z.string(),
        })
        .parse(body);
    },
    checkoutUrl: (params) => {
      const query = new URLSearchParams({
        publicKey: config.publicKey,
        destinationCurrencyCode: params.destinationCurrencyCode,
        walletAddress: params.walletAddress,
        externalCustomerId: params.externalCustomerId,
        externalTransactionId: params.purchaseId,
        network: params.network,
        baseCurrencyCode: params.paymentCurrency,
        ...(params.paymentAmount ? { baseCurrencyAmount: params.paymentAmount } : {}),
        ...(params.cryptoAmount ? { quoteCurrencyAmount: params.cryptoAmount } : {}),
      });
      return `${base}/checkout${signCheckoutQuery(config.secretKey, query)}`;
    },
    verifyWebhook: (rawBody, header, nowSeconds) => {
      const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
      if (!match) throw new Error('Invalid signature');
      const expected = Buffer.from(hmacHex(config.webhookSecret, `${match[1]}.${rawBody}`), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'))) throw new Error('Invalid signature');
      if (Math.abs(nowSeconds - Number(match[1])) > WEBHOOK_TOLERANCE_SECONDS) throw new Error('Stale webhook');
      let parsed: z.infer<typeof WebhookBodySchema>;
      try {
        parsed = WebhookBodySchema.parse(JSON.parse(rawBody));
      } catch {
        throw new Error('Invalid webhook body');
      }
      return { eventId: parsed.id, purchaseId: parsed.data.externalTransactionId, ...parsed.data };
    },
  };
}
