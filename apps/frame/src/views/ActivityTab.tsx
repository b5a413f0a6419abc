import { TokenIcon } from '../ui/TokenIcon.tsx';
import { ArrowDownLeft, ArrowLeftRight, ArrowUpRight, ExternalLink, Plus } from 'lucide-react';
import { groupActivity } from '../api/activity.ts';
import { loadHistory } from '../actions/portfolio.ts';
import { findNetwork } from '../store/networks.ts';
import { AccountName } from '../features/names/AccountName.tsx';
import { useFrame, useFrameState } from '../core/react.ts';
import { SkeletonList } from '../ui/Skeleton.tsx';
import { formatAbsoluteTime, formatMonth, formatRelativeTime } from '../ui/time.ts';
import { useLocale } from '../i18n/react.ts';
import { describeActivity, type ActivityDirection, type ActivityRow } from './activityRow.ts';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../store/connection.ts';

/**
 * Activity (spec §2, §9): active network only, by year and month, newest first, spam
 * hidden, paged by cursor. Each row: direction, what happened, the other party
 * (shortened 4 + 6), the amount, when, the status and, when the network has a block
 * explorer, a link to the transaction. The list scrolls with the tab panel (one scroll area).
 */
export function ActivityTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const frame = useFrame();
  const { history, historyStatus, next, loadingMore } = useFrameState((s) => s.portfolio);
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);
  if (historyStatus === 'loading' || historyStatus === 'idle') return <SkeletonList />;
  const network = findNetwork(frame.config, caipNetworkId);
  const groups = groupActivity(history, caipNetworkId);
  return (
    <div>
      {historyStatus === 'error' ? <p className="airlock-error-text">{t('Failed to fetch transactions')}</p> : null}
      {groups.length === 0 && historyStatus !== 'error' ? (
        <p className="airlock-muted">{t('No activity yet')}</p>
      ) : null}
      {groups.map((group) => (
        <section key={group.key} aria-label={formatMonth(group.key, locale) || t(group.label)}>
          <h3 className="airlock-group-title">{formatMonth(group.key, locale) || t(group.label)}</h3>
          <ul className="airlock-list">
            {group.items.map((item) => (
              <ActivityItem key={item.id} row={describeActivity(item, network, locale)} at={item.metadata.minedAt} />
            ))}
          </ul>
        </section>
      ))}
      {next ? (
        <button
          type="button"
          className="airlock-button airlock-secondary"
          disabled={loadingMore}
          onClick={() => void loadHistory(frame, { more: true })}
        >
          {loadingMore ? t('Loading…') : t('Load more')}
        </button>
      ) : null}
    </div>
  );
}

/** One row of {@link ActivityTab}. */
function ActivityItem({ row, at }: { row: ActivityRow; at: string }) {
  const { t } = useTranslation();
  const failed = row.status.toLowerCase() === 'failed';
  return (
    <li className="airlock-row airlock-activity" data-testid="activity-item">
      {row.token ? (
        <span className="airlock-activity-token">
          <TokenIcon src={row.token.iconUrl} symbol={row.token.symbol} size={32} />
          <DirectionIcon direction={row.direction} />
        </span>
      ) : (
        <DirectionIcon direction={row.direction} />
      )}
      <span className="airlock-row-main">
        <span className="airlock-row-title" data-testid="activity-label">
          {t(row.label)}
        </span>
        <span className="airlock-muted airlock-activity-sub">
          {row.counterparty ? (
            <span title={row.counterparty.address} data-testid="activity-counterparty">
              {t(row.counterparty.role)} <bdi dir="ltr">{row.counterparty.short}</bdi>
              <AccountName address={row.counterparty.address} testId="activity-counterparty-name" />
            </span>
          ) : null}
          {row.counterparty ? ' · ' : null}
          <ActivityTime at={at} />
        </span>
      </span>
      <span className="airlock-row-end">
        {row.amount ? (
          // Left to right as one unit, also inside Arabic text; a swap on two lines (out, then in).
          <span className={`airlock-activity-amount airlock-${row.direction}`} data-testid="activity-amount" dir="ltr">
            <span>{row.amount}</span>
            {row.received ? <span>{row.received}</span> : null}
          </span>
        ) : null}
        <span className={failed ? 'airlock-error-text' : 'airlock-muted'} data-testid="activity-status">
          {row.explorerUrl ? (
            <a
              className="airlock-explorer-link"
              href={row.explorerUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('{{status}}: view the transaction on the block explorer', { status: t(row.status) })}
            >
              {t(row.status)}
              <ExternalLink size={12} aria-hidden="true" />
            </a>
          ) : (
            t(row.status)
          )}
        </span>
      </span>
    </li>
  );
}

/** A round badge with an arrow (a small one on the token's logo when a token moved): up-right out, down-left in, both ways for self and swaps, a plus for calls. */
function DirectionIcon({ direction }: { direction: ActivityDirection }) {
  const Icon = { out: ArrowUpRight, in: ArrowDownLeft, self: ArrowLeftRight, call: Plus }[direction];
  return (
    <span className={`airlock-activity-icon airlock-${direction}`} aria-hidden="true">
      <Icon size={16} aria-hidden="true" />
    </span>
  );
}

/** When an item was mined: relative when recent, in the visitor's time zone; the full local time on hover. */
function ActivityTime({ at }: { at: string }) {
  const locale = useLocale();
  const ms = Date.parse(at);
  return (
    <time dateTime={at} title={formatAbsoluteTime(ms, locale)}>
      {formatRelativeTime(ms, Date.now(), locale)}
    </time>
  );
}
