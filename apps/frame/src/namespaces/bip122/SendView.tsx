import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTokens } from '../../actions/portfolio.ts';
import { setSend } from '../../actions/send.ts';
import { fiatValue } from '../../actions/sendTokens.ts';
import { useFrame, useFrameState } from '../../core/react.ts';
import { findNetwork } from '../../store/networks.ts';
import { ReceiverField } from '../../views/SendFields.tsx';
import { SendReviewList, type ReviewMoney } from '../../views/SendReviewList.tsx';
import { Bip122SendMessage } from './messages.ts';
import { formatFeeRate, parseFeeRate, type Bip122SendPlan } from './psbt.ts';
import {
  checkBip122Send,
  fetchBip122FeeRates,
  quoteBip122Send,
  satsToBtc,
  submitBip122Send,
  type Bip122FeeRates,
  type Bip122FeeSpeed,
} from './send.ts';
import { connectionOf } from '../../store/connection.ts';
import { shownText } from '../../i18n/errorKeys.ts';

/** The speeds offered, slowest first: each one's name and how soon it is mined (6, 3, 1 blocks of about 10 minutes). */
const speeds = (t: (key: string) => string): { speed: Bip122FeeSpeed; label: string; hint: string }[] => [
  { speed: 'standard', label: t('Standard'), hint: t('About an hour') },
  { speed: 'fast', label: t('Fast'), hint: t('About 30 minutes') },
  { speed: 'instant', label: t('Instant'), hint: t('The next block') },
];

/**
 * Send BTC on a bip122 network: the amount in BTC or Max (every confirmed coin less the fee), the
 * receiver (checked for the active network), the fee rate (standard, fast or instant, in sat/vB,
 * from the provider API, or a custom one: at least 1, at most one decimal); 'Review' builds the
 * transaction from the payment address's coins and shows the network, amount, receiver, the fee
 * (BTC and sat/vB) and the total; 'Send' has the wallet sign and send it (send.ts). Problems
 * show in `send-error` once the visitor continues.
 */
export default function Bip122SendView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const { token, sendTokenAmount, receiverAddress, error } = useFrameState((s) => s.send);
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);
  const btc = useFrameState((s) => s.portfolio.tokens.find((x) => x.chainId === caipNetworkId && !x.address));
  const [rates, setRates] = useState<Bip122FeeRates | null | 'failed'>(null);
  const [speed, setSpeed] = useState<Bip122FeeSpeed | 'custom'>('fast');
  const [customRate, setCustomRate] = useState('');
  const [max, setMax] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The review's plan and its rate in tenths of a sat/vB. */
  const [review, setReview] = useState<{ plan: Bip122SendPlan; rate: bigint } | null>(null);
  useEffect(() => {
    void loadTokens(frame);
    let live = true;
    fetchBip122FeeRates(frame, caipNetworkId).then(
      (r) => live && setRates(r),
      () => live && setRates('failed'),
    );
    return () => {
      live = false;
    };
  }, [frame, caipNetworkId]);
  useEffect(() => {
    if (btc && token !== btc) setSend(frame, { token: btc });
  }, [frame, btc, token]);
  const input = { token, sendTokenAmount, receiverAddress, max };
  /** The chosen rate in tenths of a sat/vB; null while a custom one is not valid. */
  const rate = (): bigint | null =>
    !rates || rates === 'failed' ? null : speed === 'custom' ? parseFeeRate(customRate) : rates[speed] * 10n;
  const rateProblem = speed === 'custom' && parseFeeRate(customRate) === null ? Bip122SendMessage.InvalidFeeRate : null;
  const problems = attempted ? [...checkBip122Send(input, caipNetworkId), ...(rateProblem ? [rateProblem] : [])] : [];
  const edit = (patch: Parameters<typeof setSend>[1]) => setSend(frame, { ...patch, error: null });

  const continueToReview = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const chosen = rate();
    if (busy || chosen === null || checkBip122Send(input, caipNetworkId).length > 0) return;
    setBusy(true);
    const quoted = await quoteBip122Send(frame, chosen, max);
    setBusy(false);
    if (quoted.ok) setReview({ plan: quoted.plan, rate: chosen });
    else setSend(frame, { error: quoted.message });
  };

  const back = () => {
    setReview(null);
    edit({});
  };
  if (review && token) return <Bip122SendReview plan={review.plan} rate={review.rate} onBack={back} />;

  return (
    <form className="airlock-form" onSubmit={(e) => void continueToReview(e)} noValidate>
      <div className="airlock-field">
        <span className="airlock-field-head">
          <label htmlFor="airlock-bip122-amount">{t('Amount (BTC)')}</label>
          <button
            type="button"
            className="airlock-link-button"
            aria-pressed={max}
            onClick={() => {
              setMax(true);
              edit({ sendTokenAmount: '' });
            }}
            title={t('Every confirmed coin, less the fee')}
            data-testid="bip122-send-max"
          >
            {t('Max')}
          </button>
        </span>
        <input
          id="airlock-bip122-amount"
          inputMode="decimal"
          autoComplete="off"
          value={sendTokenAmount}
          onChange={(e) => {
            setMax(false);
            edit({ sendTokenAmount: e.target.value });
          }}
          placeholder={max ? t('Every confirmed coin, less the fee') : '0.0'}
          data-testid="bip122-send-amount"
        />
      </div>
      <ReceiverField
        value={receiverAddress}
        placeholder={t('Bitcoin address')}
        onChange={(value) => edit({ receiverAddress: value })}
      />
      <fieldset className="airlock-quotes" data-testid="bip122-fee-speed" aria-busy={rates === null}>
        <legend>{t('Fee rate')}</legend>
        {rates === 'failed' ? (
          <p className="airlock-error-text" role="alert">
            {t('Fee rates unavailable')}
          </p>
        ) : rates === null ? (
          <p className="airlock-muted">{t('Loading fee rates…')}</p>
        ) : (
          speeds(t).map(({ speed: s, label, hint }) => (
            <label key={s} className="airlock-row">
              <input type="radio" name="airlock-bip122-fee" checked={speed === s} onChange={() => setSpeed(s)} />
              <span className="airlock-row-main">
                <span className="airlock-row-title">{label}</span>
                <span className="airlock-muted">{hint}</span>
              </span>
              <span className="airlock-row-end">{t('{{rate}} sat/vB', { rate: rates[s].toString() })}</span>
            </label>
          ))
        )}
        {rates && rates !== 'failed' ? (
          <label className="airlock-row">
            <input
              type="radio"
              name="airlock-bip122-fee"
              checked={speed === 'custom'}
              onChange={() => setSpeed('custom')}
              data-testid="bip122-fee-custom-choice"
            />
            <span className="airlock-row-main">
              <span className="airlock-row-title">{t('Custom')}</span>
            </span>
            <span className="airlock-row-end airlock-field">
              <input
                inputMode="decimal"
                autoComplete="off"
                size={6}
                aria-label={t('Custom fee rate (sat/vB)')}
                aria-invalid={attempted && rateProblem !== null}
                value={customRate}
                onFocus={() => setSpeed('custom')}
                onChange={(e) => {
                  setSpeed('custom');
                  setCustomRate(e.target.value);
                }}
                data-testid="bip122-fee-custom"
              />
            </span>
          </label>
        ) : null}
      </fieldset>
      {problems[0] || error ? (
        <p className="airlock-error-text" role="alert" data-testid="send-error">
          {shownText(t, problems[0] ?? error ?? '')}
        </p>
      ) : null}
      <button type="submit" className="airlock-button" disabled={busy || !rates || rates === 'failed'}>
        {busy ? t('Estimating fee…') : t('Review')}
      </button>
    </form>
  );
}

/** The review step: network, amount, receiver, the fee in BTC at its rate (`rate` in tenths of a sat/vB), the total; 'Send' asks the wallet. */
function Bip122SendReview({ plan, rate, onBack }: { plan: Bip122SendPlan; rate: bigint; onBack: () => void }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const { token, receiverAddress, loading, error } = useFrameState((s) => s.send);
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);
  const network = findNetwork(frame.config, caipNetworkId);
  if (!token || !network) return null;
  const money = (sats: bigint): ReviewMoney => {
    const whole = satsToBtc(sats);
    return { text: `${whole} BTC`, usd: fiatValue(whole, token) };
  };
  const fee = money(plan.fee);
  return (
    <div className="airlock-form" data-testid="send-review">
      <SendReviewList
        rows={{
          network,
          amount: money(plan.amount),
          receiver: receiverAddress.trim(),
          fee: { ...fee, text: `${fee.text} (${t('{{rate}} sat/vB', { rate: formatFeeRate(rate) })})` },
          feeIsMax: false,
          total: money(plan.amount + plan.fee),
        }}
      />
      {error ? (
        <p className="airlock-error-text" role="alert" data-testid="send-wallet-error">
          {shownText(t, error)}
        </p>
      ) : null}
      <div className="airlock-button-row">
        <button type="button" className="airlock-button airlock-secondary" onClick={onBack} disabled={loading}>
          {t('Back')}
        </button>
        <button
          type="button"
          className="airlock-button"
          disabled={loading}
          onClick={() => void submitBip122Send(frame, plan)}
        >
          {loading ? t('Sending…') : t('Send')}
        </button>
      </div>
    </div>
  );
}
