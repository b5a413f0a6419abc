import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ArrowDownUp } from 'lucide-react';
import { formatUnits } from 'viem';
import {
  acceptNewPrice,
  formatTokenAmount,
  loadSwap,
  pickSwapToken,
  QUOTE_DEBOUNCE_MS,
  QUOTE_REFRESH_MS,
  refreshQuote,
  setSwapAmount,
  submitSwap,
  swapAmountProblem,
  swapBalance,
  swapState,
  swapToken,
} from '../../actions/swap.ts';
import { useFrame, useFrameState, useWhileOpen } from '../../core/react.ts';
import { AmountField, ErrorRow } from '../../ui/FormRows.tsx';
import { formatUsd, trimDecimals } from '../../ui/money.ts';
import { PickerField, type PickerItem } from '../../ui/Picker.tsx';
import { TokenIcon } from '../../ui/TokenIcon.tsx';
import { useLocale } from '../../i18n/react.ts';
import { SwapDetails } from './SwapDetails.tsx';
import { swapUsdValue } from './swapFiat.ts';
import './swap.css';
import { Spinner } from '../../ui/Spinner.tsx';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../../store/connection.ts';
import { shownText } from '../../i18n/errorKeys.ts';

/**
 * Swap (spec §2): two token panels, the token sold (picked from `/v1/convert/tokens` in a
 * searchable picker, with the amount, the balance and the amount's dollar value) and the token
 * bought (with the amount received and its dollar value), a flip button between them; a quote
 * follows the typing (debounced) and {@link SwapDetails} shows its terms. While the modal is open
 * the quote is asked again every {@link QUOTE_REFRESH_MS} and when the frame regains focus or
 * visibility ('Updating…' meanwhile), and a price that moved beyond the slippage shows the new
 * quote with 'Price updated, accept new price': Swap waits for 'Accept new price'. 'Review' locks
 * the panels and offers Swap (and Back); 'Swap' approves first when the allowance is below the
 * amount (spec §5), then swaps through the connected wallet; each step shows its progress and the
 * result refreshes the balances and Activity. An unsupported network shows 'Network not
 * supported for Swaps' (spec §8).
 */
export function SwapView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const locale = useLocale();
  const swap = useFrameState(swapState);
  // The review step: the panels locked, Swap (and Edit) instead of Review.
  const [reviewing, setReviewing] = useState(false);
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);
  useFrameState((s) => s.portfolio.tokens);
  useFrameState((s) => connectionOf(s).balance);

  useEffect(() => {
    void loadSwap(frame);
  }, [frame, caipNetworkId]);

  // A finished swap leaves the review: the form shows 'Swap complete' and takes the next one.
  useEffect(() => {
    if (swap.step === 'done') setReviewing(false);
  }, [swap.step]);

  const { amount, from: fromId, to: toId, gasPrice } = swap;
  useEffect(() => {
    const timer = setTimeout(() => void refreshQuote(frame), QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [frame, amount, fromId, toId, gasPrice]);

  // A shown quote is asked again while the modal is open: periodically and when the visitor comes back.
  const quoted = swap.quoteStatus === 'ready' ? swap.quoteKey : null;
  useWhileOpen(() => {
    if (!quoted) return;
    const again = () => void refreshQuote(frame);
    const onVisible = () => document.visibilityState === 'visible' && again();
    const timer = setInterval(again, QUOTE_REFRESH_MS);
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [frame, quoted]);

  if (swap.tokensStatus === 'loading' || swap.tokensStatus === 'idle') {
    return (
      <p className="airlock-status">
        <Spinner /> {t('Loading tokens')}
      </p>
    );
  }
  if (swap.tokensStatus === 'error') {
    return (
      <div className="airlock-form">
        <ErrorRow message={shownText(t, swap.tokensError ?? '')} testId="swap-unsupported" />
        {swap.gasError ? (
          <p className="airlock-error-text" data-testid="swap-gas-error">
            {shownText(t, swap.gasError)}
          </p>
        ) : null}
      </div>
    );
  }

  const from = swapToken(swap, swap.from);
  const to = swapToken(swap, swap.to);
  const balance = swapBalance(frame, from);
  const problem = swapAmountProblem(amount, from);
  const busy = swap.step === 'approving' || swap.step === 'swapping';
  const quote = swap.quoteStatus === 'ready' ? swap.quote : null;
  const received = quote ? trimDecimals(formatTokenAmount(quote.toAmount, to)) : '';
  const state = frame.store.getState();
  const payUsd = swapUsdValue(state, from, amount);
  const getUsd = quote ? swapUsdValue(state, to, received) : null;
  const ready = !busy && quote !== null && problem === null && !swap.priceChanged;

  const items: PickerItem[] = swap.tokens.map((token) => {
    const held = swapBalance(frame, token);
    return {
      id: token.address,
      title: token.symbol,
      subtitle: token.name,
      end: held ? trimDecimals(formatUnits(held, token.decimals), 4) : undefined,
      icon: <TokenIcon src={token.logoUri} symbol={token.symbol} size={28} />,
    };
  });
  const picker = (side: 'from' | 'to') => (
    <PickerField
      label={side === 'from' ? t('From token') : t('To token')}
      value={swap[side] ?? ''}
      items={items}
      disabled={busy || reviewing}
      placeholder={t('Select a token')}
      searchLabel={t('Search tokens')}
      emptyText={t('No token matches')}
      onPick={(id) => pickSwapToken(frame, side, id)}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reviewing) setReviewing(ready);
    else void submitSwap(frame);
  };

  return (
    <form className="airlock-form" onSubmit={submit} noValidate data-testid="swap-form">
      <div className="airlock-swap-panel">
        {picker('from')}
        <AmountField
          label={t('Amount')}
          hint={
            balance === null || !from
              ? ''
              : t('Balance {{amount}}', { amount: trimDecimals(formatUnits(balance, from.decimals), 4) })
          }
          hintTestId="swap-balance"
          value={amount}
          invalid={problem !== null}
          placeholder="0.0"
          disabled={busy || reviewing}
          onChange={(value) => setSwapAmount(frame, value)}
        />
        <span className="airlock-muted airlock-swap-usd" data-testid="swap-usd">
          {payUsd === null ? '' : `\u2248 ${formatUsd(payUsd, locale)}`}
        </span>
      </div>
      <button
        type="button"
        className="airlock-swap-flip"
        aria-label={t('Switch tokens')}
        title={t('Switch tokens')}
        disabled={busy || reviewing || !swap.to}
        onClick={() => swap.to && pickSwapToken(frame, 'from', swap.to)}
      >
        <ArrowDownUp size={16} aria-hidden="true" />
      </button>
      <div className="airlock-swap-panel">
        {picker('to')}
        <div className="airlock-swap-receive">
          <span className="airlock-muted">
            {t('You receive')}
            {swap.quoteRefreshing ? (
              <span data-testid="swap-quote-updating">
                {' '}
                <Spinner /> {t('Updating…')}
              </span>
            ) : null}
          </span>
          <strong data-testid="swap-to-amount" aria-live="polite">
            {swap.quoteStatus === 'loading' ? t('Quoting…') : quote ? `${received} ${to?.symbol ?? ''}` : '\u2014'}
          </strong>
          <span className="airlock-muted airlock-swap-usd" data-testid="swap-to-usd">
            {getUsd === null ? '' : `\u2248 ${formatUsd(getUsd, locale)}`}
          </span>
        </div>
      </div>
      {/* Above the quote, away from Swap: a double click on 'Accept new price' cannot land on Swap. */}
      {swap.priceChanged ? (
        <div className="airlock-form" data-testid="swap-price-changed">
          <p className="airlock-error-text" role="alert">
            {t('Price updated, accept new price')}
          </p>
          <button type="button" className="airlock-button" onClick={() => acceptNewPrice(frame)}>
            {t('Accept new price')}
          </button>
        </div>
      ) : null}
      <SwapDetails from={from} to={to} />
      <ErrorRow
        message={problem || swap.quoteError ? shownText(t, problem ?? swap.quoteError ?? '') : null}
        testId="swap-error"
      />
      <SwapProgress symbol={from?.symbol ?? ''} />
      {reviewing ? (
        <div className="airlock-button-row">
          <button
            type="button"
            className="airlock-button airlock-secondary"
            disabled={busy}
            onClick={() => setReviewing(false)}
          >
            {t('Back')}
          </button>
          <button type="submit" className="airlock-button" disabled={!ready}>
            {swap.step === 'approving'
              ? t('Approving {{symbol}}…', { symbol: from?.symbol ?? '' })
              : swap.step === 'swapping'
                ? t('Swapping…')
                : t('Swap')}
          </button>
        </div>
      ) : (
        <button type="submit" className="airlock-button" disabled={!ready}>
          {t('Review')}
        </button>
      )}
    </form>
  );
}

/**
 * The running swap's steps (approve, swap), the finished swap, or the failure. A swap that
 * needed an approval first numbers both steps ('Step 1 of 2', 'Step 2 of 2').
 */
export function SwapProgress({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { step, error, hash } = useFrameState(swapState);
  // Whether this run approved first: its swap step is then the second of two.
  const approved = useRef(false);
  if (step === 'approving') approved.current = true;
  else if (step === 'idle') approved.current = false;
  if (step === 'idle') return null;
  if (step === 'error') return <ErrorRow message={shownText(t, error ?? '')} testId="swap-failed" />;
  const text =
    step === 'approving'
      ? t('Step 1 of 2: approving {{symbol}} in your wallet, then waiting for it to be mined', { symbol })
      : step === 'swapping'
        ? approved.current
          ? t('Step 2 of 2: swapping, confirm in your wallet, then waiting for it to be mined')
          : t('Swapping: confirm in your wallet, then waiting for it to be mined')
        : t('Swap complete');
  return (
    <p
      className={step === 'done' ? 'airlock-status' : 'airlock-status airlock-muted'}
      data-testid="swap-step"
      title={hash ?? undefined}
    >
      {step === 'done' ? null : <Spinner />} {text}
    </p>
  );
}
