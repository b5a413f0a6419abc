import type { HistoryItem } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import type { FrameState, OnrampPurchase, OnrampState } from '../store/state.ts';
import { createOnrampUrl, fetchOnrampHistory, fetchOnrampOptions, fetchOnrampQuote } from './onrampApi.ts';
import { refreshPortfolio } from './portfolio.ts';
import { connectionOf } from '../store/connection.ts';
import { caughtError, errorTable, type ShownError } from '../i18n/errorKeys.ts';

/** Messages of the Buy view. */
export const OnrampMessage = errorTable('Onramp', {
  NoApi: 'Buying crypto needs the provider API',
  NotOnNetwork: 'No currency can be bought on this network',
  SampleOptions: 'The card providers did not answer: these are sample options, buying is unavailable',
  PopupBlocked: 'The browser blocked the checkout window: allow pop-ups for this site and try again',
  ClosedEarly: 'The checkout window was closed before paying',
  Failed: 'The provider declined the payment',
  TimedOut: 'Stopped waiting for the provider: the purchase shows in Activity once it completes',
  InvalidAmount: 'The amount must be a number, like 50',
});

/** How often the purchase's status is read while it is open, ms. */
export const PURCHASE_POLL_MS = 1_000;
/** How long a purchase is followed before giving up, ms. */
export const PURCHASE_WAIT_MS = 15 * 60_000;

/** The initial onramp state (spec §3 defaults: USDC, USD). */
export const initialOnramp: OnrampState = {
  optionsStatus: 'idle',
  purchaseCurrencies: [],
  paymentCurrencies: [],
  providers: [],
  purchaseCurrency: 'USDC',
  paymentCurrency: 'USD',
  amount: '50',
  quotes: [],
  quotesLoading: false,
  selectedProvider: null,
  error: null,
  purchase: null,
};

/** The onramp slice (its initial value before the view first opened). */
export const onrampState = (state: FrameState): OnrampState => state.onramp ?? initialOnramp;

/** Updates the onramp slice (one state change). */
export function setOnramp(frame: Frame, patch: Partial<OnrampState>): void {
  frame.store.setState((s) => ({ onramp: { ...onrampState(s), ...patch } }));
}

/** The purchase currencies offered on `caipNetworkId`. */
export function currenciesOn(state: OnrampState, caipNetworkId: string): OnrampState['purchaseCurrencies'] {
  return state.purchaseCurrencies.filter((c) => c.networks.some((n) => n.chain_id === caipNetworkId));
}

/** The card limits of the selected payment currency (spec §9: card 10.00–7500.00), null when unknown. */
export function cardLimits(state: OnrampState): { min: number; max: number } | null {
  const limit = state.paymentCurrencies
    .find((c) => c.id === state.paymentCurrency)
    ?.payment_method_limits.find((l) => l.id === 'card');
  return limit ? { min: Number(limit.min), max: Number(limit.max) } : null;
}

/** What is wrong with the typed amount under the spec §9 limits ('Amount must be between 10.00 and 7500.00 USD'), null when fine. */
export function onrampAmountProblem(state: OnrampState): ShownError | null {
  const text = state.amount.trim();
  if (!/^(\d+\.?\d{0,2}|\.\d{1,2})$/.test(text)) return OnrampMessage.InvalidAmount;
  const limits = cardLimits(state);
  const amount = Number(text);
  if (limits && (amount < limits.min || amount > limits.max))
    return `Amount must be between ${limits.min.toFixed(2)} and ${limits.max.toFixed(2)} ${state.paymentCurrency}`;
  return null;
}

/**
 * Loads the options (spec §7); the API answers its sample options when every provider
 * fails (spec §8), shown as such. Picks the default purchase currency: USDC when offered
 * on the active network (spec §3), else the first offered there. Never throws.
 */
export async function loadOnramp(frame: Frame): Promise<void> {
  if (!frame.api) return setOnramp(frame, { optionsStatus: 'error', error: OnrampMessage.NoApi });
  const { caipNetworkId } = connectionOf(frame.store.getState());
  setOnramp(frame, { optionsStatus: 'loading', error: null });
  try {
    const answered = await fetchOnrampOptions(frame.api);
    // A project's provider list (spec §5) keeps only those providers.
    const allowed = frame.store.getState().features.features.onramp;
    const options = Array.isArray(allowed)
      ? { ...answered, providers: answered.providers.filter((p) => allowed.includes(p.id)) }
      : answered;
    const state = { ...onrampState(frame.store.getState()), ...options };
    const offered = currenciesOn(state, caipNetworkId);
    const keep = offered.some((c) => c.id === state.purchaseCurrency);
    const purchaseCurrency = keep
      ? state.purchaseCurrency
      : ((offered.find((c) => c.id === 'USDC') ?? offered[0])?.id ?? initialOnramp.purchaseCurrency);
    const paymentCurrency = options.paymentCurrencies.some((c) => c.id === state.paymentCurrency)
      ? state.paymentCurrency
      : (options.paymentCurrencies[0]?.id ?? 'USD');
    setOnramp(frame, { ...options, purchaseCurrency, paymentCurrency, optionsStatus: 'ready' });
  } catch (error) {
    setOnramp(frame, { optionsStatus: 'error', error: caughtError(error, String(error)) });
  }
}

/**
 * Asks each provider for a quote (spec §7 `/v1/onramp/quote`) for the typed amount; with
 * no provider up, one request, answered by the mock quote (spec §8). A quote for an older
 * amount or currency is dropped. Selects the provider giving the most. Never throws.
 */
export async function refreshOnrampQuotes(frame: Frame): Promise<void> {
  const connection = connectionOf(frame.store.getState());
  const onramp = onrampState(frame.store.getState());
  if (!frame.api || onramp.optionsStatus !== 'ready' || onrampAmountProblem(onramp) !== null) return;
  if (!currenciesOn(onramp, connection.caipNetworkId).some((c) => c.id === onramp.purchaseCurrency))
    return setOnramp(frame, { quotes: [] });
  const api = frame.api;
  const request = {
    purchaseCurrency: onramp.purchaseCurrency,
    paymentCurrency: onramp.paymentCurrency,
    amount: Number(onramp.amount).toFixed(2),
    network: connection.caipNetworkId,
  };
  const key = JSON.stringify(request);
  setOnramp(frame, { quotesLoading: true, error: null });
  const asked = onramp.providers.length > 0 ? onramp.providers : [undefined];
  const results = await Promise.allSettled(asked.map((provider) => fetchOnrampQuote(api, { ...request, provider })));
  const now = { ...frame.store.getState(), onramp: onrampState(frame.store.getState()) };
  const nowKey = JSON.stringify({
    purchaseCurrency: now.onramp.purchaseCurrency,
    paymentCurrency: now.onramp.paymentCurrency,
    amount: Number(now.onramp.amount).toFixed(2),
    network: connectionOf(now).caipNetworkId,
  });
  if (nowKey !== key) return;
  const quotes = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  const best = [...quotes].sort((a, b) => Number(b.purchaseAmount) - Number(a.purchaseAmount))[0];
  const selected = quotes.some((q) => q.provider.id === now.onramp.selectedProvider)
    ? now.onramp.selectedProvider
    : (best?.provider.id ?? null);
  setOnramp(frame, {
    quotes,
    quotesLoading: false,
    selectedProvider: selected,
    error: quotes.length === 0 && failed ? (failed.reason as Error).message : null,
  });
}

/**
 * Opens the checkout of the selected provider. Call it from the click handler: the window
 * is opened synchronously (so popup blockers allow it, the click's user activation),
 * its `opener` cut, and sent to the provider's signed URL once the API made it. The
 * purchase is then followed ({@link followPurchase}). A blocked popup or a failed URL
 * call puts the message in `error`. Never throws.
 * @param open opens the window (default `window.open('', 'airlock-onramp', 'popup,…')`); tests pass a fake.
 */
export function startCheckout(
  frame: Frame,
  open: () => Window | null = () => window.open('', 'airlock-onramp', 'popup,width=480,height=720'),
): void {
  const connection = connectionOf(frame.store.getState());
  const onramp = onrampState(frame.store.getState());
  const provider = onramp.providers.find((p) => p.id === onramp.selectedProvider);
  if (!frame.api || !connection.address || !provider) return;
  const win = open();
  if (!win) {
    setOnramp(frame, { error: OnrampMessage.PopupBlocked });
    return;
  }
  try {
    win.opener = null;
    win.document.title = `${provider.name} checkout`;
    win.document.body.textContent = `Opening ${provider.name}…`;
  } catch {
    /* a browser that already navigated it elsewhere */
  }
  setOnramp(frame, { error: null, purchase: { id: '', provider: provider.name, status: 'checkout', amount: null } });
  const api = frame.api;
  const address = connection.address;
  const network = connection.caipNetworkId;
  createOnrampUrl(api, {
    address,
    network,
    asset: onramp.purchaseCurrency,
    provider: provider.id,
    paymentCurrency: onramp.paymentCurrency,
    amount: Number(onramp.amount).toFixed(2),
  }).then(
    ({ url, purchaseId }) => {
      win.location.href = url;
      setOnramp(frame, { purchase: { id: purchaseId, provider: provider.name, status: 'checkout', amount: null } });
      followPurchase(frame, { purchaseId, address, network, win });
    },
    (error: unknown) => {
      win.close();
      setOnramp(frame, {
        purchase: null,
        error: caughtError(error, String(error)),
      });
    },
  );
}

/** The purchase's status from its history item: `pending`, `completed` or `failed`. */
function statusOf(item: HistoryItem): OnrampPurchase['status'] {
  const status = item.metadata.status.toLowerCase();
  return status === 'confirmed' ? 'completed' : status === 'failed' ? 'failed' : 'pending';
}

/**
 * Follows a purchase until the provider reports it done: reads the account's onramp
 * history every {@link PURCHASE_POLL_MS}, puts the purchase's item in Activity (pending,
 * then done) and its status in `onramp.purchase`. A window closed before the provider
 * saw a payment ends it as `closed` (spec: closing early is handled); a finished purchase
 * refreshes the balances. Gives up after {@link PURCHASE_WAIT_MS}. A newer purchase, or
 * the frame's end, stops it.
 */
export function followPurchase(
  frame: Frame,
  run: { purchaseId: string; address: string; network: string; win: Pick<Window, 'closed'> },
): void {
  const deadline = Date.now() + PURCHASE_WAIT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  frame.runtime.cleanups.push(stop);
  const mine = () => !stopped && onrampState(frame.store.getState()).purchase?.id === run.purchaseId;
  const setPurchase = (patch: Partial<OnrampPurchase>) =>
    frame.store.setState((s) => ({
      onramp: { ...onrampState(s), purchase: s.onramp?.purchase ? { ...s.onramp.purchase, ...patch } : null },
    }));
  const tick = async () => {
    if (!mine() || !frame.api) return;
    const closed = run.win.closed;
    let item: HistoryItem | undefined;
    try {
      item = (await fetchOnrampHistory(frame.api, run.address, run.network)).find((i) => i.id === run.purchaseId);
    } catch {
      /* the next tick tries again */
    }
    if (!mine()) return;
    if (item) {
      upsertActivity(frame, item);
      const status = statusOf(item);
      setPurchase({ status, amount: item.transfers[0]?.quantity?.numeric ?? null });
      if (status !== 'pending') {
        stop();
        // The native balance in the Account header refreshes when Account shows again.
        if (status === 'completed') await refreshPortfolio(frame);
        return;
      }
    } else if (closed) {
      stop();
      setPurchase({ status: 'closed' });
      return;
    }
    if (Date.now() > deadline) {
      stop();
      setOnramp(frame, { error: OnrampMessage.TimedOut });
      return;
    }
    timer = setTimeout(() => void tick(), PURCHASE_POLL_MS);
  };
  timer = setTimeout(() => void tick(), PURCHASE_POLL_MS);
}

/** Puts (or replaces) a purchase's history item in the Activity list of the same account and network. */
function upsertActivity(frame: Frame, item: HistoryItem): void {
  frame.store.setState((s) => {
    const { address, caipNetworkId } = connectionOf(s);
    if (s.portfolio.owner !== `${caipNetworkId}:${address}`) return {};
    const rest = s.portfolio.history.filter((i) => i.id !== item.id);
    return { portfolio: { ...s.portfolio, history: [item, ...rest] } };
  });
}

/** Clears the finished purchase (the Buy view's 'Buy more'). */
export function resetPurchase(frame: Frame): void {
  setOnramp(frame, { purchase: null, error: null });
}
