import { useEffect, useState, type FormEvent } from 'react';
import type { TokenBalance } from '@airlock/protocol';
import { loadTokens } from '../actions/portfolio.ts';
import { setSend } from '../actions/send.ts';
import { amountInUnits, fiatValue } from '../actions/sendTokens.ts';
import {
  checkSolanaSend,
  quoteSolanaSend,
  solanaMaxAmount,
  submitSolanaSend,
  type SolanaSendCost,
} from '../actions/solanaSend.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { findNetwork } from '../store/networks.ts';
import { formatUsd, trimDecimals } from '../ui/money.ts';
import { useLocale } from '../i18n/react.ts';
import { useTranslation } from 'react-i18next';
import { ReceiverField, TokenField } from './SendFields.tsx';
import { SendReviewList, type ReviewMoney } from './SendReviewList.tsx';
import { connectionOf } from '../store/connection.ts';
import { shownText } from '../i18n/errorKeys.ts';

/** Lamports in one SOL. */
const SOL_DECIMALS = 9;

/** A whole-units decimal string of `units` base units (`2039280`, 9 → `0.00203928`). Pure. */
function toWhole(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  const integer = digits.slice(0, digits.length - decimals);
  return fraction ? `${integer}.${fraction}` : integer;
}

/**
 * Send on a Solana network (spec §1, §4, §5), as the EVM Send: the token preselected (SOL),
 * the amount in whole tokens (Max fills the balance, less one signature's fee for SOL; the
 * dollar value under it when the price is known) and the receiver (base58). Problems show once
 * the visitor continues, in `send-error`; 'Review' shows the network, the fee, the rent of a
 * token account the send creates and the total; 'Send' then asks the connected wallet to sign,
 * sends and confirms (actions/solanaSend.ts). Loaded lazily with `@solana/web3.js` and
 * `@solana/spl-token`.
 */
export function SolanaSendView() {
  // `t` names a token below.
  const { t: translate } = useTranslation();
  const frame = useFrame();
  const { token, sendTokenAmount, receiverAddress, error } = useFrameState((s) => s.send);
  const tokens = useFrameState((s) => s.portfolio.tokens);
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);
  const choices = tokens.filter((t) => t.chainId === caipNetworkId);
  const [attempted, setAttempted] = useState(false);
  const [review, setReview] = useState<{ cost: SolanaSendCost | null } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadTokens(frame);
  }, [frame, caipNetworkId]);
  // The native SOL preselected once the balances are there (a filled form never lacks a token).
  const preselect = choices.find((c) => !c.address) ?? choices[0];
  useEffect(() => {
    if (!token && preselect) setSend(frame, { token: preselect });
  }, [frame, token, preselect]);
  const input = { token, sendTokenAmount, receiverAddress };
  const problems = attempted ? checkSolanaSend(input, caipNetworkId) : [];
  const edit = (patch: Parameters<typeof setSend>[1]) => setSend(frame, { ...patch, error: null });
  const fiat = fiatValue(sendTokenAmount, token);

  const continueToReview = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (busy || checkSolanaSend(input, caipNetworkId).length > 0) return;
    setBusy(true);
    const cost = await quoteSolanaSend(frame).catch(() => null);
    setBusy(false);
    setReview({ cost });
  };

  if (review && token) return <SolanaSendReview cost={review.cost} onBack={() => (setReview(null), edit({}))} />;

  return (
    <form className="airlock-form" onSubmit={(e) => void continueToReview(e)} noValidate>
      <TokenField choices={choices} token={token} onPick={(picked) => edit({ token: picked })} />
      <div className="airlock-field">
        <span className="airlock-field-head">
          <label htmlFor="airlock-solana-send-amount">{translate('Amount')}</label>
          <button
            type="button"
            className="airlock-link-button"
            disabled={!token}
            onClick={() => token && edit({ sendTokenAmount: solanaMaxAmount(token) })}
            title={translate('The whole balance, less the network fee when sending the native currency')}
          >
            {translate('Max')}
          </button>
        </span>
        <input
          id="airlock-solana-send-amount"
          inputMode="decimal"
          autoComplete="off"
          value={sendTokenAmount}
          onChange={(e) => edit({ sendTokenAmount: e.target.value })}
          placeholder="0.0"
        />
        <SendFiat value={fiat} />
      </div>
      <ReceiverField
        value={receiverAddress}
        placeholder={translate('Solana address')}
        onChange={(value) => edit({ receiverAddress: value })}
      />
      {problems[0] || error ? (
        <p className="airlock-error-text" role="alert" data-testid="send-error">
          {shownText(translate, problems[0] ?? error ?? '')}
        </p>
      ) : null}
      <button type="submit" className="airlock-button" disabled={busy}>
        {busy ? translate('Estimating fee…') : translate('Review')}
      </button>
    </form>
  );
}

/** The amount's dollar value under the input ('≈ $1.00'), a blank line while unknown. */
function SendFiat({ value }: { value: number | null }) {
  const locale = useLocale();
  return (
    <span className="airlock-muted airlock-fiat" data-testid="send-fiat">
      {value === null ? '\u00a0' : `≈ ${formatUsd(value, locale)}`}
    </span>
  );
}

/**
 * The review step: network, amount, receiver, the network fee, the rent of the receiver's new
 * token account (SPL) and the total; 'Send' asks the wallet, 'Back' returns to the form.
 */
function SolanaSendReview({ cost, onBack }: { cost: SolanaSendCost | null; onBack: () => void }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const { token, sendTokenAmount, receiverAddress, loading, error } = useFrameState((s) => s.send);
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);
  const tokens = useFrameState((s) => s.portfolio.tokens);
  const network = findNetwork(frame.config, caipNetworkId);
  if (!token || !network) return null;
  const native = network.nativeCurrency;
  const sol: TokenBalance | undefined = tokens.find((x) => x.chainId === caipNetworkId && !x.address);
  const money = (lamports: bigint): ReviewMoney => {
    const whole = toWhole(lamports, SOL_DECIMALS);
    return { text: `${whole} ${native.symbol}`, usd: sol ? fiatValue(whole, sol) : null };
  };
  const amount = trimDecimals(sendTokenAmount.trim());
  const amountUsd = fiatValue(sendTokenAmount, token);
  const fee = cost ? money(cost.fee) : null;
  const deposit = cost && cost.deposit > 0n ? money(cost.deposit) : null;
  const extra = (cost?.fee ?? 0n) + (cost?.deposit ?? 0n);
  const extraUsd = (fee?.usd ?? 0) + (deposit?.usd ?? 0);
  const total: ReviewMoney = token.address
    ? {
        text: `${amount} ${token.symbol}${extra > 0n ? ` + ${toWhole(extra, SOL_DECIMALS)} ${native.symbol}` : ''}`,
        usd: amountUsd !== null ? amountUsd + extraUsd : null,
      }
    : {
        text: `${toWhole((amountInUnits(sendTokenAmount, token) ?? 0n) + extra, SOL_DECIMALS)} ${native.symbol}`,
        usd: amountUsd !== null ? amountUsd + extraUsd : null,
      };
  return (
    <div className="airlock-form" data-testid="send-review">
      <SendReviewList
        rows={{
          network,
          amount: { text: `${amount} ${token.symbol}`, usd: amountUsd },
          receiver: receiverAddress.trim(),
          fee,
          feeIsMax: false,
          deposit,
          total,
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
          onClick={() => void submitSolanaSend(frame)}
        >
          {loading ? t('Sending…') : t('Send')}
        </button>
      </div>
    </div>
  );
}
