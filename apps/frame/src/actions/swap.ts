import { formatUnits, parseUnits, type Hash } from 'viem';
import { ApiError } from '../api/client.ts';
import { namespaceOf } from '../namespaces/info.ts';
import type { Frame } from '../store/frame.ts';
import type { FrameState, SwapQuote, SwapState, SwapToken } from '../store/state.ts';
import { loadTokens, refreshPortfolio } from './portfolio.ts';
import {
  buildApprove,
  buildSwap,
  fetchAllowance,
  fetchGasPrice,
  fetchSwapQuote,
  fetchSwapTokens,
  isNativeToken,
  toSendTransaction,
  type SwapTransaction,
} from './swapApi.ts';
import { connectionOf } from '../store/connection.ts';
import { caughtError, errorTable, type ErrorText, type ShownError } from '../i18n/errorKeys.ts';

/** Spec §8 messages of the Swap view (keys `error.Swap<Name>`). */
export const SwapMessage = errorTable('Swap', {
  SwapsUnsupported: 'Network not supported for Swaps',
  GasPriceUnsupported: 'Network not supported for Gas Price',
  NoApi: 'Swaps need the provider API',
  NotConnected: 'Connect a wallet to swap',
  InvalidAmount: 'The amount must be a number, like 0.5',
  TooManyDecimals: 'Too many decimal places for this token',
  InsufficientBalance: 'Insufficient balance',
  Reverted: 'The transaction failed on chain',
  NoQuote: 'Wait for the quote before swapping',
  MinimumNotKept: 'The swap built does not keep the minimum shown',
});

/** How long the Swap view waits after the last keystroke before asking for a quote, ms. */
export const QUOTE_DEBOUNCE_MS = 300;

/** How often the Swap view asks again for the quote it shows, ms (also on focus and right before a swap). */
export const QUOTE_REFRESH_MS = 12_000;

/** Slippage tolerance in percent (spec §9 'Slippage tolerance 1'): the swap pays at least the quote less this. */
export const SWAP_SLIPPAGE_PERCENT = 1;

/**
 * The least the swap of `quote` may pay (smallest units of the token bought):
 * `toAmount × (1 − slippage)`, rounded down, as the API computes it. The Swap view shows it
 * as 'Minimum received' and the swap is built with it (`amountOutMin`), so the router
 * reverts rather than pay less than the visitor saw.
 */
export function minimumReceived(quote: SwapQuote): bigint {
  const bps = BigInt(Math.round(SWAP_SLIPPAGE_PERCENT * 100));
  return (BigInt(quote.toAmount) * (10_000n - bps)) / 10_000n;
}

/** The initial swap state (spec §9 slippage is the API's default, 1 %). */
export const initialSwap: SwapState = {
  tokens: [],
  tokensStatus: 'idle',
  tokensError: null,
  from: null,
  to: null,
  amount: '',
  quote: null,
  quoteKey: null,
  quoteStatus: 'idle',
  quoteError: null,
  quoteRefreshing: false,
  priceChanged: false,
  gasPrice: null,
  gasError: null,
  step: 'idle',
  error: null,
  hash: null,
};

/** The swap slice (its initial value before the view first opened). */
export const swapState = (state: FrameState): SwapState => state.swap ?? initialSwap;

/** Updates the swap slice (one state change). */
export function setSwap(frame: Frame, patch: Partial<SwapState>): void {
  frame.store.setState((s) => ({ swap: { ...swapState(s), ...patch } }));
}

/** The token with CAIP-10 id `id` in the slice's list. */
export function swapToken(state: SwapState, id: string | null): SwapToken | undefined {
  return id ? state.tokens.find((t) => t.address === id) : undefined;
}

/**
 * `amount` (whole tokens as typed) in `token`'s smallest unit: null when empty or not a
 * plain decimal, or with more decimal places than the token has.
 */
export function swapAmountInUnits(amount: string, token: SwapToken | undefined): bigint | null {
  const trimmed = amount.trim();
  if (!token || !/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  if ((trimmed.split('.')[1] ?? '').length > token.decimals) return null;
  return parseUnits(trimmed.startsWith('.') ? `0${trimmed}` : trimmed.replace(/\.$/, ''), token.decimals);
}

/** What is wrong with the typed amount (null when it can be quoted): not a number, too many decimals. */
export function swapAmountProblem(amount: string, token: SwapToken | undefined): ErrorText | null {
  const trimmed = amount.trim();
  if (!trimmed || !token) return null;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return SwapMessage.InvalidAmount;
  if (swapAmountInUnits(trimmed, token) === null) return SwapMessage.TooManyDecimals;
  return null;
}

/** Spec §5: an allowance is sufficient only if it is at least the amount sold (both in smallest units). */
export const allowanceSufficient = (allowance: bigint, amount: bigint): boolean => allowance >= amount;

/** The key a quote is stored under: the pair and the amount in smallest units. */
const quoteKey = (from: string, to: string, units: bigint) => `${from}|${to}|${units}`;

/** The quote fields of a form without a quote (after the pair or the amount changed). */
const noQuote = {
  quote: null,
  quoteKey: null,
  quoteStatus: 'idle',
  quoteError: null,
  quoteRefreshing: false,
  priceChanged: false,
} as const satisfies Partial<SwapState>;

/** Per frame, the latest quote request: a newer one cancels it, and an answer to an older one is dropped. */
const quoteRequests = new WeakMap<Frame, AbortController>();

/** The API's message of a failure (spec §8 text where the API gives one), else `fallback`. */
function messageOf(error: unknown, fallback: ShownError): ShownError {
  return caughtError(error, fallback);
}

/**
 * What to show for a failed read of the swap tokens or the gas price: the API refusing the network
 * (400: spec §8 'Network not supported for Swaps' / '… for Gas Price') is `refused`, by its status;
 * any other failure the API's own message, else `refused`.
 */
function refusalOf(error: unknown, refused: ErrorText): ShownError {
  return error instanceof ApiError && error.status === 400 ? refused : messageOf(error, refused);
}

/**
 * Opens the Swap view's data for the active network: the tradable tokens
 * (`GET /v1/convert/tokens`; a 400 gives 'Network not supported for Swaps') and the
 * standard gas price (`GET /v1/convert/gas-price`; a 400 gives 'Network not supported
 * for Gas Price'), in parallel. Defaults: sell the native currency, buy the first other
 * token. Keeps the typed pair and amount when they are still offered. Never throws.
 */
export async function loadSwap(frame: Frame): Promise<void> {
  const { caipNetworkId } = connectionOf(frame.store.getState());
  if (!frame.api) return setSwap(frame, { ...initialSwap, tokensStatus: 'error', tokensError: SwapMessage.NoApi });
  if (!namespaceOf(caipNetworkId)?.supports.swaps)
    return setSwap(frame, { ...initialSwap, tokensStatus: 'error', tokensError: SwapMessage.SwapsUnsupported });
  const api = frame.api;
  setSwap(frame, { tokensStatus: 'loading', tokensError: null, step: 'idle', error: null, hash: null });
  void loadTokens(frame);
  const [tokens, gas] = await Promise.allSettled([
    fetchSwapTokens(api, caipNetworkId),
    fetchGasPrice(api, caipNetworkId),
  ]);
  if (connectionOf(frame.store.getState()).caipNetworkId !== caipNetworkId) return;
  const gasPatch =
    gas.status === 'fulfilled'
      ? { gasPrice: gas.value.standard, gasError: null }
      : { gasPrice: null, gasError: refusalOf(gas.reason, SwapMessage.GasPriceUnsupported) };
  if (tokens.status === 'rejected') {
    return setSwap(frame, {
      ...initialSwap,
      ...gasPatch,
      tokensStatus: 'error',
      tokensError: refusalOf(tokens.reason, SwapMessage.SwapsUnsupported),
    });
  }
  const list = tokens.value;
  const { from, to } = swapState(frame.store.getState());
  const has = (id: string | null) => id !== null && list.some((t) => t.address === id);
  const nextFrom = has(from) ? from : (list[0]?.address ?? null);
  const nextTo = has(to) && to !== nextFrom ? to : (list.find((t) => t.address !== nextFrom)?.address ?? null);
  setSwap(frame, { ...gasPatch, tokens: list, tokensStatus: 'ready', from: nextFrom, to: nextTo });
}

/** Picks the sold (`side` from) or bought token; picking the other side's token swaps the two. */
export function pickSwapToken(frame: Frame, side: 'from' | 'to', id: string): void {
  const state = swapState(frame.store.getState());
  const other = side === 'from' ? 'to' : 'from';
  const patch: Partial<SwapState> = { [side]: id, ...noQuote, error: null };
  if (state[other] === id) patch[other] = state[side];
  if (state.step === 'done' || state.step === 'error') patch.step = 'idle';
  setSwap(frame, patch);
}

/** Sets the typed amount; the quote is cleared until the next {@link refreshQuote}. */
export function setSwapAmount(frame: Frame, amount: string): void {
  const state = swapState(frame.store.getState());
  setSwap(frame, {
    amount,
    ...noQuote,
    error: null,
    step: state.step === 'done' || state.step === 'error' ? 'idle' : state.step,
  });
}

/**
 * Asks for a quote for the typed pair and amount (`GET /v1/convert/quotes` with the gas
 * price). Without a quote shown for them, the answer becomes the shown quote. With one
 * shown, it stays shown while `quoteRefreshing`, and the answer replaces it; an answer
 * below the shown quote's {@link minimumReceived} (the price moved beyond the slippage
 * since the visitor saw it) sets `priceChanged`, so Swap waits for 'Accept new price'.
 * Only the latest request counts: a new one cancels the one in flight, and the answer to
 * an older one, or for an older pair or amount, is dropped. Nothing is asked while the amount is empty or invalid, or while a
 * swap runs. A failed refresh keeps the shown quote (the swap asks again anyway). Never throws.
 */
export async function refreshQuote(frame: Frame): Promise<void> {
  const connection = connectionOf(frame.store.getState());
  const swap = swapState(frame.store.getState());
  const from = swapToken(swap, swap.from);
  const units = swapAmountInUnits(swap.amount, from);
  if (!frame.api || !from || !swap.to || !connection.address || units === null || units === 0n) return;
  if (swap.step === 'approving' || swap.step === 'swapping') return;
  const key = quoteKey(from.address, swap.to, units);
  const shown = swap.quoteKey === key && swap.quote !== null;
  quoteRequests.get(frame)?.abort();
  const request = new AbortController();
  quoteRequests.set(frame, request);
  setSwap(
    frame,
    shown ? { quoteRefreshing: true } : { quoteKey: key, quoteStatus: 'loading', quoteError: null, quote: null },
  );
  const current = () => {
    const now = swapState(frame.store.getState());
    return quoteRequests.get(frame) === request && now.quoteKey === key ? now : null;
  };
  try {
    const quote = await fetchSwapQuote(
      frame.api,
      {
        from: from.address,
        to: swap.to,
        amount: units,
        userAddress: connection.address,
        gasPrice: swap.gasPrice ?? undefined,
      },
      request.signal,
    );
    const now = current();
    if (!now) return;
    const moved = now.quote !== null && BigInt(quote.toAmount) < minimumReceived(now.quote);
    setSwap(frame, { quote, quoteStatus: 'ready', quoteRefreshing: false, priceChanged: now.priceChanged || moved });
  } catch (error) {
    const now = current();
    if (!now) return;
    if (now.quote) setSwap(frame, { quoteRefreshing: false });
    else setSwap(frame, { quote: null, quoteStatus: 'error', quoteError: messageOf(error, 'No quote') });
  }
}

/** The visitor accepted the updated quote ('Accept new price'): Swap is offered again, at its minimum. */
export function acceptNewPrice(frame: Frame): void {
  setSwap(frame, { priceChanged: false });
}

/** Whole-token text of `units` of `token`, e.g. '12.5'. */
export function formatTokenAmount(units: string | bigint, token: SwapToken | undefined): string {
  return formatUnits(BigInt(units), token?.decimals ?? 18);
}

/** The connected wallet's balance of `token` in smallest units from the Tokens list, null when unknown. */
export function swapBalance(frame: Frame, token: SwapToken | undefined): bigint | null {
  if (!token) return null;
  const { portfolio } = frame.store.getState();
  const connection = connectionOf(frame.store.getState());
  const native = isNativeToken(token.address);
  const held = portfolio.tokens.find(
    (t) =>
      t.chainId === connection.caipNetworkId &&
      (native ? !t.address : t.address?.toLowerCase() === token.address.toLowerCase()),
  );
  if (!held) return native && connection.balance ? parseUnits(connection.balance, token.decimals) : null;
  try {
    return parseUnits(held.quantity.numeric, token.decimals);
  } catch {
    return null;
  }
}

/**
 * Runs the swap of the typed pair and amount through the connected wallet (any
 * connector, `eth_sendTransaction` on the normal request path):
 * 1. a token sold (not the native currency) whose allowance is below the amount (spec §5
 *    'sufficient only if allowance is at least the source amount') is approved first
 *    (`build-approve` for exactly the amount), and the approval waited on until mined;
 * 2. the quote is asked again: when it fell below the shown quote's minimum (the price
 *    moved beyond the slippage since the visitor saw it), the new quote is shown with
 *    `priceChanged` and nothing is sent until the visitor accepts it and presses Swap again;
 * 3. the swap transaction (`build-transaction`, slippage 1 %, spec §9) is built with
 *    `amountOutMin` = the shown quote's {@link minimumReceived}, so it reverts rather than
 *    pay less than the visitor saw (an answer whose `toAmountMin` is lower is refused),
 *    and is sent and waited on.
 * Swap needs a quote shown for the typed pair and amount ('Wait for the quote…' otherwise).
 * `step` shows where it is; a refusal or revert puts the message in `error` (`step`
 * 'error', the form keeps its values). Once mined: balances, Tokens and Activity refresh.
 * Never throws.
 */
export async function submitSwap(frame: Frame): Promise<void> {
  const connection = connectionOf(frame.store.getState());
  const swap = swapState(frame.store.getState());
  if (swap.step === 'approving' || swap.step === 'swapping') return;
  const connector = frame.connectors.active();
  const from = swapToken(swap, swap.from);
  const units = swapAmountInUnits(swap.amount, from);
  const { address, caipNetworkId } = connection;
  if (!frame.api || !connector || !address) return setSwap(frame, { step: 'error', error: SwapMessage.NotConnected });
  if (!from || !swap.to || units === null || units === 0n)
    return setSwap(frame, { step: 'error', error: SwapMessage.InvalidAmount });
  const shown = swap.quoteKey === quoteKey(from.address, swap.to, units) ? swap.quote : null;
  if (!shown || swap.priceChanged) return setSwap(frame, { step: 'error', error: SwapMessage.NoQuote });
  const minimum = minimumReceived(shown);
  const to = swap.to;
  const balance = swapBalance(frame, from);
  if (balance !== null && units > balance)
    return setSwap(frame, { step: 'error', error: SwapMessage.InsufficientBalance });
  const api = frame.api;
  const send = async (tx: SwapTransaction): Promise<string | null> => {
    const result = await connector.request(
      { method: 'eth_sendTransaction', params: [toSendTransaction(tx)] },
      caipNetworkId,
    );
    if (!result.ok) {
      setSwap(frame, { step: 'error', error: result.error.message });
      return null;
    }
    const hash = result.value as Hash;
    if (!(await minedOk(frame, hash, caipNetworkId))) {
      setSwap(frame, { step: 'error', error: SwapMessage.Reverted, hash });
      return null;
    }
    return hash;
  };
  try {
    if (!isNativeToken(from.address)) {
      const allowance = await fetchAllowance(api, from.address, address);
      if (!allowanceSufficient(allowance, units)) {
        setSwap(frame, { step: 'approving', error: null, hash: null });
        const approve = await buildApprove(api, {
          from: from.address,
          to: swap.to,
          amount: units,
          userAddress: address,
        });
        if (!(await send(approve))) return;
      }
    }
    setSwap(frame, { step: 'swapping', error: null, hash: null });
    const fresh = await fetchSwapQuote(api, { from: from.address, to, amount: units, userAddress: address });
    if (BigInt(fresh.toAmount) < minimum) {
      return setSwap(frame, { step: 'idle', quote: fresh, quoteStatus: 'ready', priceChanged: true });
    }
    const built = await buildSwap(api, {
      from: from.address,
      to,
      amount: units,
      amountOutMin: minimum,
      userAddress: address,
      projectId: frame.config.projectId,
    });
    if (built.toAmountMin < minimum) return setSwap(frame, { step: 'error', error: SwapMessage.MinimumNotKept });
    const tx = built.tx;
    const hash = await send(tx);
    if (!hash) return;
    setSwap(frame, { step: 'done', hash, amount: '', ...noQuote });
    // The native balance in the Account header refreshes when Account shows again.
    await refreshPortfolio(frame);
    // The indexer needs a moment to see the block: Activity once more shortly after.
    const timer = setTimeout(() => void refreshPortfolio(frame), 2_000);
    frame.runtime.cleanups.push(() => clearTimeout(timer));
  } catch (error) {
    setSwap(frame, { step: 'error', error: messageOf(error, 'Swap failed') });
    // The API refuses a minimum the pools no longer give: show the new quote and ask again.
    await refreshQuote(frame);
  }
}

/** Waits for `hash` to be mined (120 s limit) and reads its receipt: true when it succeeded. Never throws. */
async function minedOk(frame: Frame, hash: Hash, caipNetworkId: string): Promise<boolean> {
  const network = frame.config.networks.find((n) => n.caipNetworkId === caipNetworkId);
  if (!network) return false;
  try {
    const chain = await frame.chain();
    await chain.waitForReceipt(network, hash);
    const receipt = (await chain.readRpc(network, 'eth_getTransactionReceipt', [hash])) as { status?: string } | null;
    return receipt?.status === '0x1';
  } catch {
    return false;
  }
}
