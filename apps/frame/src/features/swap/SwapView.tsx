import { useEffect, type FormEvent } from 'react';
import { formatUnits } from 'viem';
import {
  formatTokenAmount,
  loadSwap,
  pickSwapToken,
  QUOTE_DEBOUNCE_MS,
  refreshQuote,
  setSwapAmount,
  submitSwap,
  swapAmountProblem,
  swapBalance,
  swapState,
  swapToken,
} from '../../actions/swap.ts';
import { useFrame, useFrameState } from '../../core/react.ts';
import { trimDecimals } from '../../ui/money.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useTranslation } from 'react-i18next';

/**
 * Swap (spec §2): pick the token sold and the token bought (from `/v1/convert/tokens`)
 * and the amount; a quote follows the typing (debounced) with the amount received, the
 * price impact and the liquidity fee; the gas price shows, or 'Network not supported for
 * Gas Price'. 'Swap' approves first when the allowance is below the amount (spec §5),
 * then swaps through the connected wallet; each step shows its progress and the result
 * refreshes the balances and Activity. An unsupported network shows 'Network not
 * supported for Swaps' (spec §8).
 */
export function SwapView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const swap = useFrameState(swapState);
  const caipNetworkId = useFrameState((s) => s.connection.caipNetworkId);
  useFrameState((s) => s.portfolio.tokens);
  useFrameState((s) => s.connection.balance);

  useEffect(() => {
    void loadSwap(frame);
  }, [frame, caipNetworkId]);

  const { amount, from: fromId, to: toId, gasPrice } = swap;
  useEffect(() => {
    const timer = setTimeout(() => void refreshQuote(frame), QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [frame, amount, fromId, toId, gasPrice]);

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
        <p className="airlock-error-text" role="alert" data-testid="swap-unsupported">
          {t(swap.tokensError ?? '')}
        </p>
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitSwap(frame);
  };

  return (
    <form className="airlock-form" onSubmit={submit} noValidate data-testid="swap-form">
      <label className="airlock-field">
        <span>{t('From token')}</span>
        <select value={swap.from ?? ''} disabled={busy} onChange={(e) => pickSwapToken(frame, 'from', e.target.value)}>
          {swap.tokens.map((t) => (
            <option key={t.address} value={t.address}>
              {t.symbol}
            </option>
          ))}
        </select>
      </label>
      <label className="airlock-field">
        <span className="airlock-field-head">
          <span>{t('Amount')}</span>
          <span className="airlock-muted" data-testid="swap-balance">
            {balance === null || !from
              ? ''
              : t('Balance {{amount}}', { amount: trimDecimals(formatUnits(balance, from.decimals), 4) })}
          </span>
        </span>
        <input
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          disabled={busy}
          aria-invalid={problem !== null}
          value={amount}
          onChange={(e) => setSwapAmount(frame, e.target.value)}
        />
      </label>
      <label className="airlock-field">
        <span>{t('To token')}</span>
        <select value={swap.to ?? ''} disabled={busy} onChange={(e) => pickSwapToken(frame, 'to', e.target.value)}>
          {swap.tokens.map((t) => (
            <option key={t.address} value={t.address}>
              {t.symbol}
            </option>
          ))}
        </select>
      </label>
      <dl className="airlock-review" aria-live="polite">
        <div>
          <dt>{t('You receive')}</dt>
          <dd data-testid="swap-to-amount">
            {swap.quoteStatus === 'loading' ? t('Quoting…') : quote ? `${received} ${to?.symbol ?? ''}` : '—'}
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
          <dd>1%</dd>
        </div>
      </dl>
      {problem || swap.quoteError ? (
        <p className="airlock-error-text" role="alert" data-testid="swap-error">
          {t(problem ?? swap.quoteError ?? '')}
        </p>
      ) : null}
      <SwapProgress symbol={from?.symbol ?? ''} />
      <button type="submit" className="airlock-button" disabled={busy || !quote || problem !== null}>
        {swap.step === 'approving'
          ? t('Approving {{symbol}}…', { symbol: from?.symbol ?? '' })
          : swap.step === 'swapping'
            ? t('Swapping…')
            : t('Swap')}
      </button>
    </form>
  );
}

/** The running swap's steps (approve, swap), the finished swap, or the failure. */
function SwapProgress({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { step, error, hash } = useFrameState(swapState);
  if (step === 'idle') return null;
  if (step === 'error')
    return (
      <p className="airlock-error-text" role="alert" data-testid="swap-failed">
        {t(error ?? '')}
      </p>
    );
  const text =
    step === 'approving'
      ? t('Step 1 of 2: approving {{symbol}} in your wallet, then waiting for it to be mined', { symbol })
      : step === 'swapping'
        ? t('Swapping: confirm in your wallet, then waiting for it to be mined')
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
