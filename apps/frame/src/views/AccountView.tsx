import { lazy, Suspense, useEffect } from 'react';
import { refreshBalance } from '../actions/balance.ts';
import { walletFeatures, type WalletFeature } from '../actions/walletFeatures.ts';
import { disconnect } from '../actions/disconnect.ts';
import { openUpdateEmail } from '../actions/embeddedUpdate.ts';
import { pushRoute } from '../actions/modal.ts';
import { resetSend } from '../actions/send.ts';
import { showToast } from '../actions/toast.ts';
import { findNetwork } from '../core/networks.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { copyText } from '../ui/copyText.ts';
import { formatBalance, shortenAddress } from '../ui/format.ts';
import { useLocale } from '../i18n/react.ts';
import { WalletIcon } from '../ui/WalletIcon.tsx';
import { SkeletonList } from '../ui/Skeleton.tsx';
import '../ui/portfolio.css';
import { StorageNotice } from '../ui/StorageNotice.tsx';
import { AccountName } from '../features/names/AccountName.tsx';
import { useTranslation } from 'react-i18next';

// Spec §2: optional UI parts (tokens, NFTs, activity) load lazily.
const AccountTabs = lazy(() => import('./AccountTabs.tsx').then((m) => ({ default: m.AccountTabs })));

/** The view each wallet feature opens. */
const FEATURE_VIEWS = {
  onramp: 'Onramp',
  swaps: 'Swap',
  receive: 'Receive',
  send: 'Send',
  name: 'RegisterAccountName',
} as const;
/** The button text of each wallet feature. */
const FEATURE_LABELS = {
  onramp: 'Buy',
  swaps: 'Swap',
  receive: 'Receive',
  send: 'Send',
  name: 'Choose a name',
} as const;

/** Text for a chain that is not in the configured networks (spec §2 'Unknown Network' state). */
export const UNKNOWN_NETWORK = 'Unknown Network';

/**
 * Account (spec §2): the shortened address (4 + 6 characters, spec §9), the
 * native balance floored to 3 decimals plus symbol (spec §5), the network
 * name ('Unknown Network' for a chain that is not configured), and the
 * actions Copy address, View on block explorer (when the network has one),
 * Switch network and Disconnect. An embedded (email) login also shows its email
 * and 'Edit email' (UpdateEmailWallet). Opening it refreshes the balance.
 */
export function AccountView() {
  const { t } = useTranslation();
  const locale = useLocale();
  const frame = useFrame();
  const { address, balance, balanceSymbol, wallet: connector, caipNetworkId } = useFrameState((s) => s.connection);
  const network = findNetwork(frame.config, caipNetworkId);
  const offered = useFrameState((s) => walletFeatures(s, frame.config).join(' '));
  const email = useFrameState((s) => (s.connection.wallet?.type === 'AUTH' ? s.embedded.email : null));

  useEffect(() => {
    void refreshBalance(frame);
  }, [frame]);

  if (!address) return null;
  const explorer = network?.blockExplorers?.default.url.replace(/\/+$/, '');
  const symbol = balanceSymbol ?? network?.nativeCurrency.symbol ?? '';

  const copy = async () => {
    const done = await copyText(address);
    showToast(frame, done ? 'Address copied' : 'Failed to copy address', done ? 'success' : 'error');
  };

  return (
    <div className="airlock-center">
      {connector?.type === 'WALLET_CONNECT' ? <StorageNotice /> : null}
      {connector ? <WalletIcon src={connector.icon} size={64} /> : null}
      <p className="airlock-address" data-testid="account-address" title={address} dir="ltr">
        {shortenAddress(address)}
      </p>
      {email ? (
        <p className="airlock-detail" data-testid="account-email">
          {email}
        </p>
      ) : null}
      <p className="airlock-balance" data-testid="account-balance">
        {`${formatBalance(balance, locale)} ${symbol}`.trim()}
      </p>
      <p className={network ? 'airlock-network' : 'airlock-network airlock-error-text'} data-testid="account-network">
        {network?.name ?? t(UNKNOWN_NETWORK)}
      </p>
      <AccountName address={address} testId="account-name" />
      <div className="airlock-actions">
        {(offered ? (offered.split(' ') as WalletFeature[]) : []).map((feature) => (
          <button
            key={feature}
            type="button"
            className={feature === 'send' ? 'airlock-button' : 'airlock-button airlock-secondary'}
            onClick={() => {
              if (feature === 'send') resetSend(frame);
              pushRoute(frame, { view: FEATURE_VIEWS[feature] });
            }}
          >
            {t(FEATURE_LABELS[feature])}
          </button>
        ))}
        <button type="button" className="airlock-button airlock-secondary" onClick={() => void copy()}>
          {t('Copy address')}
        </button>
        {explorer ? (
          <a
            className="airlock-button airlock-secondary"
            href={`${explorer}/address/${address}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('View on block explorer')}
          </a>
        ) : null}
        <button
          type="button"
          className="airlock-button airlock-secondary"
          onClick={() => pushRoute(frame, { view: 'Networks' })}
        >
          {t('Switch network')}
        </button>
        {email ? (
          <button type="button" className="airlock-button airlock-secondary" onClick={() => openUpdateEmail(frame)}>
            {t('Edit email')}
          </button>
        ) : null}
        <button type="button" className="airlock-button airlock-danger" onClick={() => disconnect(frame)}>
          {t('Disconnect')}
        </button>
      </div>
      <Suspense fallback={<TabsSkeleton />}>
        <AccountTabs />
      </Suspense>
    </div>
  );
}

/**
 * The Account tabs while their chunk loads: the tab strip and a panel of the same
 * height as the real ones, so nothing above or around them moves when they arrive.
 */
function TabsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="airlock-tabs" aria-busy="true">
      <div className="airlock-tablist" aria-hidden="true">
        {['Tokens', 'NFTs', 'Activity'].map((label) => (
          <span key={label} className="airlock-tab">
            {t(label)}
          </span>
        ))}
      </div>
      <div className="airlock-tabpanel">
        <SkeletonList />
      </div>
    </div>
  );
}
