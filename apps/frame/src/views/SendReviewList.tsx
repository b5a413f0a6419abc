import type { ReactNode } from 'react';
import type { Network } from '@airlock/protocol';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/react.ts';
import { shortenAddress } from '../ui/format.ts';
import { formatUsd } from '../ui/money.ts';
import { NetworkIcon } from '../ui/NetworkIcon.tsx';

/** One money line of the review: the amount with its unit, and its dollar value when the price is known. */
export type ReviewMoney = { text: string; usd: number | null };

/**
 * What the Send views' review step shows (EVM SendView and SolanaSendView): the network, the
 * amount, the receiver, the network fee (null when it could not be estimated; `feeIsMax` when it
 * is a cap, as an EVM fee is), an account deposit (Solana: the rent of the receiver's new token
 * account) and the total.
 */
export type SendReviewRows = {
  /** The network the send goes on (its mark and name are shown). */
  network: Network;
  amount: ReviewMoney;
  /** The receiver's address as typed (shortened 4 + 6 on screen, whole on hover). */
  receiver: string;
  /** Beside the receiver (its name). */
  receiverName?: ReactNode;
  fee: ReviewMoney | null;
  /** Whether `fee` is an upper bound ('up to …'). */
  feeIsMax: boolean;
  /** The rent of an account the send creates, null when it creates none. */
  deposit?: ReviewMoney | null;
  total: ReviewMoney;
};

/** ' ≈ $1.00' after an amount, in the muted colour; nothing without a dollar value. */
function Usd({ value }: { value: number | null }) {
  const locale = useLocale();
  return value === null ? null : <span className="airlock-muted">{` ≈ ${formatUsd(value, locale)}`}</span>;
}

/** The review's description list ({@link SendReviewRows}); the total last, under a rule. */
export function SendReviewList({ rows }: { rows: SendReviewRows }) {
  const { t } = useTranslation();
  const { fee, deposit } = rows;
  return (
    <dl className="airlock-review">
      <div>
        <dt>{t('Network')}</dt>
        <dd data-testid="review-network">
          <span className="airlock-review-network">
            <NetworkIcon network={rows.network} size={18} />
            {rows.network.name}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('Amount')}</dt>
        <dd data-testid="review-amount">
          {rows.amount.text}
          <Usd value={rows.amount.usd} />
        </dd>
      </div>
      <div>
        <dt>{t('To')}</dt>
        <dd title={rows.receiver} dir="ltr">
          {shortenAddress(rows.receiver)}
          {rows.receiverName}
        </dd>
      </div>
      <div>
        <dt>{t('Network fee')}</dt>
        <dd data-testid="review-fee">
          {fee ? (rows.feeIsMax ? t('up to {{amount}}', { amount: fee.text }) : fee.text) : t('Could not be estimated')}
          {fee ? <Usd value={fee.usd} /> : null}
        </dd>
      </div>
      {deposit ? (
        <div>
          <dt>{t('Account deposit')}</dt>
          <dd data-testid="review-deposit">
            {deposit.text}
            <Usd value={deposit.usd} />
          </dd>
        </div>
      ) : null}
      <div className="airlock-review-total">
        <dt>{t('Total')}</dt>
        <dd data-testid="review-total">
          {rows.total.text}
          <Usd value={rows.total.usd} />
        </dd>
      </div>
    </dl>
  );
}
