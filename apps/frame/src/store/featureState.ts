// The wallet-feature slices of the frame's store (Swap, Buy) and the list load status: their
// shapes, apart from store/state.ts, which re-exports them. The slices are absent until their view first opens.
import type { ShownError } from '../i18n/errorKeys.ts';

/** Loading state of a list (spec §4 'loading, empty'). */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A token the swap backend trades (`GET /v1/convert/tokens`, spec §7): `address` its CAIP-10 id (`0xeeee…eeee` = native). */
export type SwapToken = { name: string; symbol: string; address: string; decimals: number; logoUri: string };

/**
 * A swap quote (`GET /v1/convert/quotes`): amounts in smallest units (decimal strings), `priceImpact` in
 * percent, `fee` the liquidity fee in `from` units and percent.
 */
export type SwapQuote = {
  fromAmount: string;
  toAmount: string;
  priceImpact: number;
  fee: { amount: string; percent: number };
};

/** Where a swap run is: `approving` (allowance below the amount, spec §5), `swapping`, `done` (mined) or `error`. */
export type SwapStep = 'idle' | 'approving' | 'swapping' | 'done' | 'error';

/** Swap slice (spec §2 Swap, §5 allowance rule, §8 messages). */
export type SwapState = {
  /** The network's tradable tokens, native first. */
  tokens: SwapToken[];
  /** Status of `tokens`. */
  tokensStatus: LoadStatus;
  /** Why the tokens are missing: 'Network not supported for Swaps' (spec §8) or the API's message. */
  tokensError: ShownError | null;
  /** CAIP-10 ids of the tokens sold and bought, null until picked. */
  from: string | null;
  to: string | null;
  /** Amount sold in whole tokens as typed (decimal string). */
  amount: string;
  /** The quote for `quoteKey`, null before one arrived. */
  quote: SwapQuote | null;
  /** `from|to|amount in units` the quote (or the running request) is for. */
  quoteKey: string | null;
  /** Status of the quote. */
  quoteStatus: LoadStatus;
  /** The last quote failure's message. */
  quoteError: ShownError | null;
  /** True while the shown quote is asked again (periodically, on focus, before the swap); it stays shown meanwhile. */
  quoteRefreshing: boolean;
  /** The shown quote fell below the previous one's minimum (price moved beyond the slippage): Swap waits for 'Accept new price'. */
  priceChanged: boolean;
  /** Standard gas price in wei (decimal string), null before read. */
  gasPrice: string | null;
  /** 'Network not supported for Gas Price' (spec §8) or the API's message. */
  gasError: ShownError | null;
  /** The running or finished swap. */
  step: SwapStep;
  /** The last swap failure's message (wallet or API). */
  error: ShownError | null;
  /** Hash of the swap transaction once sent. */
  hash: string | null;
};

/** A payment currency with its limits per method (spec §3, §9): `min` / `max` decimal strings. */
export type OnrampPaymentCurrency = { id: string; payment_method_limits: { id: string; min: string; max: string }[] };

/** A purchasable currency (spec §3): `networks[].chain_id` CAIP-2. */
export type OnrampPurchaseCurrency = {
  id: string;
  name: string;
  symbol: string;
  networks: { name: string; display_name: string; chain_id: string; contract_address: string }[];
};

/** One provider's quote (spec §3): amounts as decimal strings; `quoteId` 'mocked-quote-id' for the spec §8 fallback. */
export type OnrampQuote = {
  provider: { id: string; name: string };
  purchaseAmount: string;
  paymentTotal: string;
  fee: string;
  networkFee: string;
  quoteId: string;
};

/** An onramp purchase the visitor started: `checkout` (window open), then the provider's `pending` / `completed` / `failed`, or `closed` (window closed before paying). */
export type OnrampPurchase = {
  id: string;
  provider: string;
  status: 'checkout' | 'pending' | 'completed' | 'failed' | 'closed';
  /** Whole tokens bought, once the provider says. */
  amount: string | null;
};

/** An onramp provider (spec §3 provider): its id, the name shown, and its logo (an http(s) image URL) when the API names one. */
export type OnrampProviderInfo = { id: string; name: string; logoUrl?: string };

/** Onramp slice (spec §3 Onramp state; defaults USDC purchase, USD payment — the first offered on the network when USDC is not). */
export type OnrampState = {
  /** `idle`, `loading`, `ready`; `error` never stays: the API serves sample options when providers fail (spec §8). */
  optionsStatus: LoadStatus;
  purchaseCurrencies: OnrampPurchaseCurrency[];
  paymentCurrencies: OnrampPaymentCurrency[];
  /** Providers that answered; empty when the sample options stand in. */
  providers: OnrampProviderInfo[];
  purchaseCurrency: string;
  paymentCurrency: string;
  /** Fiat amount as typed. */
  amount: string;
  /** One quote per provider (the mock when quoting failed). */
  quotes: OnrampQuote[];
  quotesLoading: boolean;
  selectedProvider: string | null;
  /** The last failure (spec §9 limits, URL generation, popup blocked). */
  error: ShownError | null;
  purchase: OnrampPurchase | null;
};
