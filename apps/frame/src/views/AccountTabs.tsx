import { useState, type KeyboardEvent } from 'react';
import { ImageOff } from 'lucide-react';
import { deriveNfts } from '../api/activity.ts';
import { selectAccountTab } from '../actions/accountTab.ts';
import { loadHistory, loadTokens } from '../actions/portfolio.ts';
import { useFrame, useFrameState, useWhileOpen } from '../core/react.ts';
import type { AccountTab } from '../store/state.ts';
import { SkeletonList } from '../ui/Skeleton.tsx';
import { formatBalance } from '../ui/format.ts';
import { TokenIcon } from '../ui/TokenIcon.tsx';
import { formatUsd } from '../ui/money.ts';
import { useLocale } from '../i18n/react.ts';
import '../ui/portfolio.css';
import { ActivityTab } from './ActivityTab.tsx';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../store/connection.ts';

const TABS: { id: AccountTab; label: string }[] = [
  { id: 'tokens', label: 'Tokens' },
  { id: 'nfts', label: 'NFTs' },
  { id: 'activity', label: 'Activity' },
];

/**
 * The Account tabs (spec §2): Tokens, NFTs and Activity (Activity only while
 * the `activity` feature is on, spec §1). Each tab loads its list when shown.
 */
export function AccountTabs() {
  // `t` names a tab below.
  const { t: translate } = useTranslation();
  const frame = useFrame();
  const tab = useFrameState((s) => s.portfolio.tab);
  const activity = useFrameState((s) => s.features.features.activity !== false);
  const tabs = TABS.filter((t) => t.id !== 'activity' || activity);
  const selected = tabs.some((t) => t.id === tab) ? tab : 'tokens';
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);

  // While the modal is open (the closed modal keeps Account rendered, hidden).
  useWhileOpen(() => {
    if (selected === 'tokens') void loadTokens(frame);
    else void loadHistory(frame);
  }, [frame, selected, caipNetworkId]);

  const select = (id: AccountTab) => selectAccountTab(frame, id);

  // WAI-ARIA tabs with automatic activation: one Tab stop (the selected tab), arrow keys
  // move and select (wrapping), Home and End go to the first and last tab.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === selected);
    const target = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    const next = target === undefined ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    select(next.id);
    document.getElementById(`airlock-tab-${next.id}`)?.focus();
  };

  return (
    <div className="airlock-tabs">
      <div role="tablist" aria-label={translate('Account tabs')} className="airlock-tablist" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`airlock-tab-${t.id}`}
            aria-selected={selected === t.id}
            aria-controls={`airlock-panel-${t.id}`}
            tabIndex={selected === t.id ? 0 : -1}
            className="airlock-tab"
            onClick={() => select(t.id)}
          >
            {translate(t.label)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`airlock-panel-${selected}`}
        aria-labelledby={`airlock-tab-${selected}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: the panel is a Tab stop when its content has none
        tabIndex={0}
        className="airlock-tabpanel"
      >
        {selected === 'tokens' ? <TokensTab /> : selected === 'nfts' ? <NftsTab /> : <ActivityTab />}
      </div>
    </div>
  );
}

/** A loading state: placeholder rows in the panel's fixed height (nothing moves when the list arrives). */
function Loading() {
  return <SkeletonList />;
}

/** Tokens (spec §2, §5): icon, symbol, quantity floored to 3 decimals, value. */
function TokensTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { tokens, tokensStatus } = useFrameState((s) => s.portfolio);
  if (tokensStatus === 'loading' && tokens.length === 0) return <Loading />;
  if (tokensStatus === 'error')
    return <p className="airlock-muted">{t('Token balances are unavailable right now.')}</p>;
  if (tokens.length === 0) return <p className="airlock-muted">{t('No tokens yet')}</p>;
  return (
    <ul className="airlock-list" aria-label={t('Tokens')}>
      {tokens.map((token) => (
        <li key={token.address ?? 'native'} className="airlock-row" data-testid="token-row">
          <TokenIcon src={token.iconUrl} symbol={token.symbol} />
          <span className="airlock-row-main">
            <span className="airlock-row-title">{token.symbol}</span>
            <span className="airlock-muted">{token.name}</span>
          </span>
          <span className="airlock-row-end">
            <span data-testid="token-quantity">{formatBalance(token.quantity.numeric, locale)}</span>
            <span className="airlock-muted" data-testid="token-value">
              {formatUsd(token.value, locale)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One NFT: image (a placeholder when it fails to load) and name. */
function NftCard({ name, imageUrl }: { name: string; imageUrl: string | undefined }) {
  const [failed, setFailed] = useState(!imageUrl);
  return (
    <li className="airlock-nft" data-testid="nft-item">
      {failed ? (
        <span className="airlock-nft-image airlock-nft-placeholder" data-testid="nft-placeholder" aria-hidden="true">
          <ImageOff size={24} />
        </span>
      ) : (
        <img className="airlock-nft-image" src={imageUrl} alt={name} onError={() => setFailed(true)} />
      )}
      <span className="airlock-nft-name">{name}</span>
    </li>
  );
}

/** NFTs (spec §2): image and name, from the account's ERC-721 history. */
function NftsTab() {
  const { t } = useTranslation();
  const { history, historyStatus } = useFrameState((s) => s.portfolio);
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);
  if (historyStatus === 'loading' || historyStatus === 'idle') return <Loading />;
  const nfts = deriveNfts(history, caipNetworkId);
  if (nfts.length === 0) return <p className="airlock-muted">{t('No NFTs yet')}</p>;
  return (
    <ul className="airlock-nft-grid" aria-label={t('NFTs')}>
      {nfts.map((nft) => (
        <NftCard key={nft.key} name={nft.name} imageUrl={nft.imageUrl} />
      ))}
    </ul>
  );
}
