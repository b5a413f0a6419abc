import { useEffect } from 'react';
import { Banknote } from 'lucide-react';
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
import type { OnrampPurchase } from '../../store/state.ts';
import { AmountField, ErrorRow } from '../../ui/FormRows.tsx';
import { PickerField } from '../../ui/Picker.tsx';
import { TokenIcon } from '../../ui/TokenIcon.tsx';
import './onramp.css';
import { trimDecimals } from '../../ui/money.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../../store/connection.ts';
import { errorText, shownText } from '../../i18n/errorKeys.ts';

/** How long the view waits after the last keystroke before asking for quotes, ms. */
const QUOTE_DEBOUNCE_MS = 400;

/**
 * Buy crypto (spec §2 on-ramp, §3 Onramp, §9 limits): the currency to buy (offered on
 * the active network, in a searchable picker), the payment currency (USD, EUR, as chips) and
 * the amount within the card limits; one card per provider's quote (its logo from the API's
 * options, else the name's initial, also when the image fails; fees, the amount
 * bought and the total paid), the best preselected; 'Buy with …' opens
 * the provider's checkout window from the click, then follows the purchase (pending,
 * then done, also in Activity). The spec §8 fallbacks show as what they are: sample
 * options and the mock quote, with buying unavailable.
 */
export function OnrampView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const onramp = useFrameState(onrampState);
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);

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
        <Spinner /> {t('Loading providers')}
      </p>
    );
  }
  if (optionsStatus === 'error') return <ErrorRow message={shownText(t, onramp.error ?? '')} testId="onramp-error" />;

  const offered = currenciesOn(onramp, caipNetworkId);
  const limits = cardLimits(onramp);
  const problem = onrampAmountProblem(onramp);
  const sample = onramp.providers.length === 0;
  const selected = onramp.quotes.find((q) => q.provider.id === onramp.selectedProvider);
  const canBuy = !sample && !problem && selected !== undefined && selected.quoteId !== MOCK_QUOTE_ID;

  return (
    <div className="airlock-form">
      <ErrorRow message={sample ? errorText(t, OnrampMessage.SampleOptions) : null} testId="onramp-fallback" />
      <PickerField
        label={t('Currency to buy')}
        value={purchaseCurrency}
        items={
          offered.length === 0
            ? [{ id: purchaseCurrency, title: purchaseCurrency }]
            : offered.map((c) => ({
                id: c.id,
                title: c.symbol,
                subtitle: c.name,
                icon: <TokenIcon src={undefined} symbol={c.symbol} size={28} />,
              }))
        }
        searchLabel={t('Search tokens')}
        emptyText={t('No token matches')}
        onPick={(id) => setOnramp(frame, { purchaseCurrency: id })}
      />
      {offered.length === 0 ? (
        <p className="airlock-muted" data-testid="onramp-not-offered">
          {`${errorText(t, OnrampMessage.NotOnNetwork)}${
            onramp.purchaseCurrencies.length
              ? ` (${t('offered: {{list}}', {
                  list: onramp.purchaseCurrencies
                    .map((c) =>
                      t('{{symbol}} on {{networks}}', {
                        symbol: c.symbol,
                        networks: c.networks.map((n) => n.display_name).join(', '),
                      }),
                    )
                    .join('; '),
                })})`
              : ''
          }`}
        </p>
      ) : null}
      <fieldset className="airlock-chips">
        <legend>{t('Pay with')}</legend>
        {onramp.paymentCurrencies.map((c) => (
          <label key={c.id} className="airlock-chip">
            <input
              type="radio"
              name="airlock-onramp-payment"
              value={c.id}
              checked={paymentCurrency === c.id}
              onChange={() => setOnramp(frame, { paymentCurrency: c.id })}
            />
            <Banknote size={14} aria-hidden="true" />
            {c.id}
          </label>
        ))}
      </fieldset>
      <AmountField
        label={t('Amount')}
        hint={
          limits
            ? t('Card {{min}}–{{max}} {{currency}}', {
                min: limits.min.toFixed(2),
                max: limits.max.toFixed(2),
                currency: paymentCurrency,
              })
            : ''
        }
        hintTestId="onramp-limits"
        value={amount}
        invalid={problem !== null}
        onChange={(value) => setOnramp(frame, { amount: value })}
      />
      <ErrorRow message={problem && shownText(t, problem)} testId="onramp-amount-error" />
      {offered.length > 0 && !problem ? (
        <fieldset className="airlock-quotes" aria-busy={onramp.quotesLoading}>
          <legend>{t('Providers')}</legend>
          {onramp.quotesLoading && onramp.quotes.length === 0 ? (
            <p className="airlock-status">
              <Spinner /> {t('Getting quotes')}
            </p>
          ) : null}
          {onramp.quotes.map((q) =>
            q.quoteId === MOCK_QUOTE_ID ? (
              <p key={`mock-${q.provider.id}`} className="airlock-muted" data-testid="onramp-mock-quote">
                {t('{{provider}}: no quote (sample quote {{id}})', { provider: q.provider.name, id: MOCK_QUOTE_ID })}
              </p>
            ) : (
              <label key={q.provider.id} className="airlock-provider-card" data-testid="onramp-quote">
                <input
                  type="radio"
                  name="airlock-onramp-provider"
                  checked={onramp.selectedProvider === q.provider.id}
                  onChange={() => setOnramp(frame, { selectedProvider: q.provider.id })}
                />
                <span className="airlock-provider-logo" data-testid="onramp-provider-logo">
                  <TokenIcon
                    src={onramp.providers.find((p) => p.id === q.provider.id)?.logoUrl}
                    symbol={q.provider.name}
                    size={32}
                  />
                </span>
                <span className="airlock-row-main">
                  <span className="airlock-row-title">{q.provider.name}</span>
                  <span className="airlock-muted">
                    {t('fee {{fee}} · network fee {{networkFee}}', {
                      fee: `${q.fee} ${paymentCurrency}`,
                      networkFee: `${q.networkFee} ${paymentCurrency}`,
                    })}
                  </span>
                </span>
                <span className="airlock-row-end">
                  <strong>{`${trimDecimals(q.purchaseAmount, 4)} ${purchaseCurrency}`}</strong>
                  <span className="airlock-muted" data-testid="onramp-total">
                    {t('Total {{amount}}', { amount: `${q.paymentTotal} ${paymentCurrency}` })}
                  </span>
                </span>
              </label>
            ),
          )}
        </fieldset>
      ) : null}
      <ErrorRow message={onramp.error && shownText(t, onramp.error)} testId="onramp-error" />
      <button type="button" className="airlock-button" disabled={!canBuy} onClick={() => startCheckout(frame)}>
        {selected && !sample ? t('Buy with {{provider}}', { provider: selected.provider.name }) : t('Buy')}
      </button>
    </div>
  );
}

/** The purchase under way or finished. */
function PurchaseStatus({ purchase }: { purchase: OnrampPurchase }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const currency = useFrameState((s) => onrampState(s).purchaseCurrency);
  const error = useFrameState((s) => onrampState(s).error);
  const text = {
    checkout: t('Complete the payment in the {{provider}} window', { provider: purchase.provider }),
    pending: t('Payment received: {{provider}} is sending {{amount}}', {
      provider: purchase.provider,
      amount: `${trimDecimals(purchase.amount ?? '')} ${currency}`,
    }),
    completed: t('Bought {{amount}}', { amount: `${trimDecimals(purchase.amount ?? '')} ${currency}` }),
    failed: errorText(t, OnrampMessage.Failed),
    closed: errorText(t, OnrampMessage.ClosedEarly),
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
      <ErrorRow message={error && shownText(t, error)} testId="onramp-error" />
      {done ? (
        <button type="button" className="airlock-button" onClick={() => resetPurchase(frame)}>
          {purchase.status === 'completed' ? t('Buy more') : t('Try again')}
        </button>
      ) : null}
    </div>
  );
}
