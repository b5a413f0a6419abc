import { useEffect, useRef, type FormEvent } from 'react';
import { formatUnits } from 'viem';
import {
  acceptNewPrice,
  formatTokenAmount,
  loadSwap,
  minimumReceived,
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
  SWAP_SLIPPAGE_PERCENT,
} from '../../actions/swap.ts';
import { useFrame, useFrameState, useWhileOpen } from '../../core/react.ts';
import { AmountField, ErrorRow, SelectField } from '../../ui/FormRows.tsx';
import { trimDecimals } from '../../ui/money.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../../store/connection.ts';

/**
 * Swap (spec §2): pick the token sold and the token bought (from `/v1/convert/tokens`)
 * and the amount; a quote follows the typing (debounced) with the amount received, the
 * price impact, the liquidity fee and the minimum received (the quote less the 1 % slippage,
 * which the swap is built with); while the modal is open the quote is asked again every
 * {@link QUOTE_REFRESH_MS} and when the frame regains focus or visibility ('Updating…' meanwhile), and a price that moved
 * beyond the slippage shows the new quote with 'Price updated, accept new price': Swap waits
 * for 'Accept new price'. The gas price shows, or 'Network not supported for
 * Gas Price'. 'Swap' approves first when the allowance is below the amount (spec §5),
 * then swaps through the connected wallet; each step shows its progress and the result
 * refreshes the balances and Activity. An unsupported network shows 'Network not
 * supported for Swaps' (spec §8).
 */
export function SwapView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const swap = useFrameState(swapState);
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);
  useFrameState((s) => s.portfolio.tokens);
  useFrameState((s) => connectionOf(s).balance);

  useEffect(() => {
    void loadSwap(frame);
  }, [frame, caipNetworkId]);

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
        <ErrorRow message={t(swap.tokensError ?? '')} testId="swap-unsupported" />
        {swap.gasError ? (
          <p className="airlock-error-text" data-testid="swap-gas-error">
            {t(swap.gasError)}
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

  const tokenOptions = swap.tokens.map((token) => (
    <option key={token.address} value={token.address}>
      {token.symbol}
    </option>
  ));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitSwap(frame);
  };

  return (
    <form className="airlock-form" onSubmit={submit} noValidate data-testid="swap-form">
      <SelectField
        label={t('From token')}
        value={swap.from ?? ''}
        disabled={busy}
        onChange={(value) => pickSwapToken(frame, 'from', value)}
      >
        {tokenOptions}
      </SelectField>
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
        disabled={busy}
        onChange={(value) => setSwapAmount(frame, value)}
      />
      <SelectField
        label={t('To token')}
        value={swap.to ?? ''}
        disabled={busy}
        onChange={(value) => pickSwapToken(frame, 'to', value)}
      >
        {tokenOptions}
      </SelectField>
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
      <dl className="airlock-review" aria-live="polite">
        <div>
          <dt>
            {t('You receive')}
            {swap.quoteRefreshing ? (
              <span className="airlock-muted" data-testid="swap-quote-updating">
                {' '}
                <Spinner /> {t('Updating…')}
              </span>
            ) : null}
          </dt>
          <dd data-testid="swap-to-amount">
            {swap.quoteStatus === 'loading' ? t('Quoting…') : quote ? `${received} ${to?.symbol ?? ''}` : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('Minimum received')}</dt>
          <dd data-testid="swap-min-received">
            {quote ? `${trimDecimals(formatTokenAmount(minimumReceived(quote), to))} ${to?.symbol ?? ''}` : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('Price impact')}</dt>
          <dd data-testid="swap-price-impact">{quote ? `${quote.priceImpact.toFixed(2)}%` : '—'}</dd>
        </div>
        <div>
          <dt>{t('Fee')}</dt>
          <dd data-testid="swap-fee">
            {quote
              ? `${trimDecimals(formatTokenAmount(quote.fee.amount, from), 6)} ${from?.symbol ?? ''} (${quote.fee.percent}%)`
              : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('Gas price')}</dt>
          <dd data-testid="swap-gas">
            {gasPrice ? (
              `${trimDecimals(formatUnits(BigInt(gasPrice), 9), 3)} gwei`
            ) : (
              <span className="airlock-error-text">{swap.gasError ? t(swap.gasError) : '—'}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('Slippage')}</dt>
          <dd>{`${SWAP_SLIPPAGE_PERCENT}%`}</dd>
        </div>
      </dl>
      <ErrorRow message={problem || swap.quoteError ? t(problem ?? swap.quoteError ?? '') : null} testId="swap-error" />
      <SwapProgress symbol={from?.symbol ?? ''} />
      <button
        type="submit"
        className="airlock-button"
        disabled={busy || !quote || problem !== null || swap.priceChanged}
      >
        {swap.step === 'approving'
          ? t('Approving {{symbol}}…', { symbol: from?.symbol ?? '' })
          : swap.step === 'swapping'
            ? t('Swapping…')
            : t('Swap')}
      </button>
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
  if (step === 'error') return <ErrorRow message={t(error ?? '')} testId="swap-failed" />;
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
