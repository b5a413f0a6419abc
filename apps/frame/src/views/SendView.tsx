import { useEffect, useState, type FormEvent } from 'react';
import { formatUnits } from 'viem';
import { loadTokens } from '../actions/portfolio.ts';
import { setSend, submitSend } from '../actions/send.ts';
import { estimateFee, maxAmount, type FeeEstimate } from '../actions/sendFee.ts';
import {
  amountInUnits,
  balanceInUnits,
  buildSendTransaction,
  checkSend,
  fiatValue,
  SendMessage,
} from '../actions/sendTokens.ts';
import { findNetwork } from '../store/networks.ts';
import { AccountName } from '../features/names/AccountName.tsx';
import { useFrame, useFrameState } from '../core/react.ts';
import { formatUsd, trimDecimals } from '../ui/money.ts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/react.ts';
import { ReceiverField, TokenField } from './SendFields.tsx';
import { SendReviewList } from './SendReviewList.tsx';
import { connectionOf } from '../store/connection.ts';
import { errorText, shownText } from '../i18n/errorKeys.ts';

/** The review step's data: the fee estimate (null when it could not be read). */
type Review = { fee: FeeEstimate | null };

/** Length of a full `0x` EVM address: the receiver is checked as typed once it is this long. */
const ADDRESS_LENGTH = 42;

/**
 * Send (spec §1, §4, §5; EVM): pick a token from the balances (native or ERC-20), the
 * amount in whole tokens (Max fills the balance, minus the network fee for the native
 * token; the dollar value shows under it when the token's price is known) and the
 * receiver. Problems show as the visitor types, all at once; empty fields are reported
 * when the visitor continues. 'Review' shows the network, the fee estimate and the total
 * before 'Send' asks the connected wallet; on success the view returns to Account.
 */
export function SendView() {
  // `t` names a token below.
  const { t: translate } = useTranslation();
  const locale = useLocale();
  const frame = useFrame();
  const { token, sendTokenAmount, receiverAddress, error } = useFrameState((s) => s.send);
  const tokens = useFrameState((s) => s.portfolio.tokens);
  const { caipNetworkId, address } = useFrameState((s) => connectionOf(s));
  const choices = tokens.filter((t) => t.chainId === caipNetworkId);
  const [attempted, setAttempted] = useState(false);
  const [receiverLeft, setReceiverLeft] = useState(false);
  const [review, setReview] = useState<Review | null>(null);
  const [busy, setBusy] = useState<'max' | 'review' | null>(null);

  useEffect(() => {
    void loadTokens(frame);
  }, [frame, caipNetworkId]);

  const input = { token, sendTokenAmount, receiverAddress };
  const problems = checkSend(input, caipNetworkId);
  const receiverTyped = receiverLeft || receiverAddress.trim().length >= ADDRESS_LENGTH;
  const shown = problems.filter((p) => attempted || (!p.required && (p.field !== 'receiver' || receiverTyped)));
  const invalid = (field: string) => shown.some((p) => p.field === field);
  const fiat = fiatValue(sendTokenAmount, token);

  const edit = (patch: Parameters<typeof setSend>[1]) => setSend(frame, { ...patch, error: null });

  const continueToReview = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (problems.length > 0 || !address || busy) return;
    const built = buildSendTransaction(input, address as `0x${string}`, caipNetworkId);
    if (!built.ok) return;
    setBusy('review');
    const fee = await estimateFee(frame, built.tx);
    setBusy(null);
    setReview({ fee });
  };

  const fillMax = async () => {
    if (!token || !address || busy) return;
    setBusy('max');
    const receiver = receiverAddress.trim();
    const to = /^0x[0-9a-fA-F]{40}$/.test(receiver) ? (receiver as `0x${string}`) : null;
    const max = await maxAmount(frame, token, address as `0x${string}`, to);
    setBusy(null);
    if (max === null) setSend(frame, { error: SendMessage.FeeUnknown });
    else edit({ sendTokenAmount: max });
  };

  if (review && token) {
    return <SendReview fee={review.fee} onBack={() => (setReview(null), edit({}))} />;
  }

  return (
    <form className="airlock-form" onSubmit={(e) => void continueToReview(e)} noValidate>
      <TokenField
        choices={choices}
        token={token}
        invalid={invalid('token')}
        onPick={(picked) => edit({ token: picked })}
      />
      <div className="airlock-field">
        <span className="airlock-field-head">
          <label htmlFor="airlock-send-amount">{translate('Amount')}</label>
          <button
            type="button"
            className="airlock-link-button"
            disabled={!token || busy !== null}
            onClick={() => void fillMax()}
            title={translate('The whole balance, less the network fee when sending the native currency')}
          >
            {busy === 'max' ? translate('Max…') : translate('Max')}
          </button>
        </span>
        <input
          id="airlock-send-amount"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={invalid('amount')}
          value={sendTokenAmount}
          onChange={(e) => edit({ sendTokenAmount: e.target.value })}
          placeholder="0.0"
        />
        <span className="airlock-muted airlock-fiat" data-testid="send-fiat">
          {fiat === null ? '\u00a0' : `≈ ${formatUsd(fiat, locale)}`}
        </span>
      </div>
      <ReceiverField
        value={receiverAddress}
        placeholder="0x…"
        invalid={invalid('receiver')}
        onChange={(value) => edit({ receiverAddress: value })}
        onBlur={() => setReceiverLeft(true)}
      >
        <AccountName address={receiverAddress.trim()} testId="send-receiver-name" image />
      </ReceiverField>
      {shown.length > 0 ? (
        <ul className="airlock-problems" aria-live="polite" data-testid="send-errors">
          {shown.map((p) => (
            <li key={p.message.key} className="airlock-error-text" data-testid="send-error">
              {errorText(translate, p.message)}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="airlock-error-text" role="alert" data-testid="send-wallet-error">
          {shownText(translate, error)}
        </p>
      ) : null}
      <button type="submit" className="airlock-button" disabled={busy === 'review'}>
        {busy === 'review' ? translate('Estimating fee…') : translate('Review')}
      </button>
    </form>
  );
}

/**
 * The review step: network, amount (and its dollar value), receiver, the network fee
 * estimate (gas × max fee per gas, in the native token) and the total; 'Send' asks the
 * wallet with that fee's gas limit and caps, 'Back' returns to the form with its values.
 */
function SendReview({ fee, onBack }: { fee: FeeEstimate | null; onBack: () => void }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const { token, sendTokenAmount, receiverAddress, loading, error } = useFrameState((s) => s.send);
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);
  const tokens = useFrameState((s) => s.portfolio.tokens);
  const network = findNetwork(frame.config, caipNetworkId);
  if (!token || !network) return null;
  const native = network.nativeCurrency;
  const nativePrice = tokens.find((t) => t.chainId === caipNetworkId && !t.address)?.price ?? 0;
  const amountFiat = fiatValue(sendTokenAmount, token);
  const feeText = fee ? trimDecimals(formatUnits(fee.fee, native.decimals)) : null;
  const feeFiat = fee && nativePrice > 0 ? Number(formatUnits(fee.fee, native.decimals)) * nativePrice : null;
  const amount = trimDecimals(sendTokenAmount.trim());
  const value = amountInUnits(sendTokenAmount, token) ?? 0n;
  const isNative = !token.address;
  const total = isNative
    ? `${trimDecimals(formatUnits(value + (fee?.fee ?? 0n), native.decimals))} ${native.symbol}`
    : `${amount} ${token.symbol}${feeText ? ` + ${feeText} ${native.symbol}` : ''}`;
  const totalFiat = amountFiat !== null && (feeFiat !== null || !fee) ? amountFiat + (feeFiat ?? 0) : null;
  const short = isNative && fee !== null && value + fee.fee > balanceInUnits(token);

  return (
    <div className="airlock-form" data-testid="send-review">
      <SendReviewList
        rows={{
          network,
          amount: { text: `${amount} ${token.symbol}`, usd: amountFiat },
          receiver: receiverAddress.trim(),
          receiverName: <AccountName address={receiverAddress.trim()} testId="send-review-receiver-name" image />,
          fee: feeText ? { text: `${feeText} ${native.symbol}`, usd: feeFiat } : null,
          feeIsMax: true,
          total: { text: total, usd: totalFiat },
        }}
      />
      {short ? (
        <p className="airlock-error-text" role="alert" data-testid="send-error">
          {t('The amount plus the network fee is above your balance; use Max')}
        </p>
      ) : null}
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
          disabled={loading || short}
          onClick={() => void submitSend(frame, fee)}
        >
          {loading ? t('Sending…') : t('Send')}
        </button>
      </div>
    </div>
  );
}
