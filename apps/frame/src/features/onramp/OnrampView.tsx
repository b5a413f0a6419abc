import { useEffect } from 'react';
import {
  cardLimits,
  currenciesOn,
  loadOnramp,
  OnrampMessage,
  onrampAmountProblem,
  onrampState,
  refreshOnrampQuotes,
  resetPurchase,
  setOnramp,
  startCheckout,
} from '../../actions/onramp.ts';
import { MOCK_QUOTE_ID } from '../../actions/onrampApi.ts';
import { useFrame, useFrameState } from '../../core/react.ts';
import type { OnrampPurchase } from '../../core/state.ts';
import { trimDecimals } from '../../ui/money.ts';
import { Spinner } from '../../ui/Spinner.tsx';

/** How long the view waits after the last keystroke before asking for quotes, ms. */
const QUOTE_DEBOUNCE_MS = 400;

/**
 * Buy crypto (spec §2 on-ramp, §3 Onramp, §9 limits): the currency to buy (offered on
 * the active network), the payment currency (USD, EUR) and the amount within the card
 * limits; one quote per provider with its fees, the best preselected; 'Buy with …' opens
 * the provider's checkout window from the click, then follows the purchase (pending,
 * then done, also in Activity). The spec §8 fallbacks show as what they are: sample
 * options and the mock quote, with buying unavailable.
 */
export function OnrampView() {
  const frame = useFrame();
  const onramp = useFrameState(onrampState);
  const caipNetworkId = useFrameState((s) => s.connection.caipNetworkId);

  useEffect(() => {
    void loadOnramp(frame);
  }, [frame, caipNetworkId]);

  const { amount, purchaseCurrency, paymentCurrency, optionsStatus } = onramp;
  useEffect(() => {
    const timer = setTimeout(() => void refreshOnrampQuotes(frame), QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [frame, amount, purchaseCurrency, paymentCurrency, optionsStatus, caipNetworkId]);

  if (onramp.purchase) return <PurchaseStatus purchase={onramp.purchase} />;
  if (optionsStatus === 'idle' || optionsStatus === 'loading') {
    return (
      <p className="airlock-status">
        <Spinner /> Loading providers
      </p>
    );
  }
  if (optionsStatus === 'error') {
    return (
      <p className="airlock-error-text" role="alert" data-testid="onramp-error">
        {onramp.error}
      </p>
    );
  }

  const offered = currenciesOn(onramp, caipNetworkId);
  const limits = cardLimits(onramp);
  const problem = onrampAmountProblem(onramp);
  const sample = onramp.providers.length === 0;
  const selected = onramp.quotes.find((q) => q.provider.id === onramp.selectedProvider);
  const canBuy = !sample && !problem && selected !== undefined && selected.quoteId !== MOCK_QUOTE_ID;

  return (
    <div className="airlock-form">
      {sample ? (
        <p className="airlock-error-text" role="alert" data-testid="onramp-fallback">
          {OnrampMessage.SampleOptions}
        </p>
      ) : null}
      <label className="airlock-field">
        <span>Currency to buy</span>
        <select value={purchaseCurrency} onChange={(e) => setOnramp(frame, { purchaseCurrency: e.target.value })}>
          {offered.length === 0 ? <option value={purchaseCurrency}>{purchaseCurrency}</option> : null}
          {offered.map((c) => (
            <option key={c.id} value={c.id}>
              {c.symbol}
            </option>
          ))}
        </select>
      </label>
      {offered.length === 0 ? (
        <p className="airlock-muted" data-testid="onramp-not-offered">
          {`${OnrampMessage.NotOnNetwork}${
            onramp.purchaseCurrencies.length
              ? ` (offered: ${onramp.purchaseCurrencies
                  .map((c) => `${c.symbol} on ${c.networks.map((n) => n.display_name).join(', ')}`)
                  .join('; ')})`
              : ''
          }`}
        </p>
      ) : null}
      <label className="airlock-field">
        <span>Pay with</span>
        <select value={paymentCurrency} onChange={(e) => setOnramp(frame, { paymentCurrency: e.target.value })}>
          {onramp.paymentCurrencies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.id}
            </option>
          ))}
        </select>
      </label>
      <label className="airlock-field">
        <span className="airlock-field-head">
          <span>Amount</span>
          <span className="airlock-muted" data-testid="onramp-limits">
            {limits ? `Card ${limits.min.toFixed(2)}–${limits.max.toFixed(2)} ${paymentCurrency}` : ''}
          </span>
        </span>
        <input
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={problem !== null}
          value={amount}
          onChange={(e) => setOnramp(frame, { amount: e.target.value })}
        />
      </label>
      {problem ? (
        <p className="airlock-error-text" role="alert" data-testid="onramp-amount-error">
          {problem}
        </p>
      ) : null}
      {offered.length > 0 && !problem ? (
        <fieldset className="airlock-quotes" aria-busy={onramp.quotesLoading}>
          <legend>Providers</legend>
          {onramp.quotesLoading && onramp.quotes.length === 0 ? (
            <p className="airlock-status">
              <Spinner /> Getting quotes
            </p>
          ) : null}
          {onramp.quotes.map((q) =>
            q.quoteId === MOCK_QUOTE_ID ? (
              <p key={`mock-${q.provider.id}`} className="airlock-muted" data-testid="onramp-mock-quote">
                {`${q.provider.name}: no quote (sample quote ${MOCK_QUOTE_ID})`}
              </p>
            ) : (
              <label key={q.provider.id} className="airlock-row" data-testid="onramp-quote">
                <input
                  type="radio"
                  name="airlock-onramp-provider"
                  checked={onramp.selectedProvider === q.provider.id}
                  onChange={() => setOnramp(frame, { selectedProvider: q.provider.id })}
                />
                <span className="airlock-row-main">
                  <span className="airlock-row-title">{q.provider.name}</span>
                  <span className="airlock-muted">
                    {`fee ${q.fee} ${paymentCurrency} · network fee ${q.networkFee} ${paymentCurrency}`}
                  </span>
                </span>
                <span className="airlock-row-end">{`${trimDecimals(q.purchaseAmount, 4)} ${purchaseCurrency}`}</span>
              </label>
            ),
          )}
        </fieldset>
      ) : null}
      {onramp.error ? (
        <p className="airlock-error-text" role="alert" data-testid="onramp-error">
          {onramp.error}
        </p>
      ) : null}
      <button type="button" className="airlock-button" disabled={!canBuy} onClick={() => startCheckout(frame)}>
        {selected && !sample ? `Buy with ${selected.provider.name}` : 'Buy'}
      </button>
    </div>
  );
}

/** The purchase under way or finished. */
function PurchaseStatus({ purchase }: { purchase: OnrampPurchase }) {
  const frame = useFrame();
  const currency = useFrameState((s) => onrampState(s).purchaseCurrency);
  const error = useFrameState((s) => onrampState(s).error);
  const text = {
    checkout: `Complete the payment in the ${purchase.provider} window`,
    pending: `Payment received: ${purchase.provider} is sending ${purchase.amount ?? ''} ${currency}`,
    completed: `Bought ${purchase.amount ?? ''} ${currency}`,
    failed: OnrampMessage.Failed,
    closed: OnrampMessage.ClosedEarly,
  }[purchase.status];
  const done = purchase.status === 'completed' || purchase.status === 'failed' || purchase.status === 'closed';
  return (
    <div className="airlock-form">
      <p
        className={
          purchase.status === 'failed' || purchase.status === 'closed' ? 'airlock-error-text' : 'airlock-status'
        }
        data-testid="onramp-status"
        aria-live="polite"
      >
        {done ? null : <Spinner />} {text.replace(/ {2,}/g, ' ')}
      </p>
      {error ? (
        <p className="airlock-error-text" role="alert" data-testid="onramp-error">
          {error}
        </p>
      ) : null}
      {done ? (
        <button type="button" className="airlock-button" onClick={() => resetPurchase(frame)}>
          {purchase.status === 'completed' ? 'Buy more' : 'Try again'}
        </button>
      ) : null}
    </div>
  );
}
