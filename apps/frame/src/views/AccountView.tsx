import { Suspense, type ComponentType } from 'react';
import {
  ArrowDownLeft,
  ArrowLeftRight,
  ArrowUpRight,
  AtSign,
  ChevronRight,
  CreditCard,
  LogOut,
  Mail,
  Wallet,
} from 'lucide-react';
import { refreshBalance } from '../actions/balance.ts';
import { walletFeatures, type WalletFeature } from '../actions/walletFeatures.ts';
import { isAccountName } from '../actions/namesGate.ts';
import { disconnect } from '../actions/disconnect.ts';
import { openUpdateEmail } from '../actions/embeddedUpdate.ts';
import { PasskeySlot } from './PasskeySlot.tsx';
import { pushRoute } from '../actions/modal.ts';
import { resetSend } from '../actions/send.ts';
import { findNetwork } from '../store/networks.ts';
import { useFrame, useFrameState, useWhileOpen } from '../core/react.ts';
import { SkeletonList } from '../ui/Skeleton.tsx';
import '../ui/portfolio.css';
import { StorageNotice } from '../ui/StorageNotice.tsx';
import { AccountHeader } from './AccountHeader.tsx';
import { NamespaceAccountDetails } from './NamespaceAccountDetails.tsx';
import { lazyPart } from './lazyPart.tsx';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../store/connection.ts';

export { UNKNOWN_NETWORK } from './AccountHeader.tsx';

// Spec §2: optional UI parts (tokens, NFTs, activity) load lazily; a chunk that fails says so in place.
const AccountTabs = lazyPart(() => import('./AccountTabs.tsx').then((m) => ({ default: m.AccountTabs })));
// The embedded wallet's account type and its switch (spec §5): its own chunk, for the auth connector only.
const AccountTypeSwitch = lazyPart(() =>
  import('./AccountTypeSwitch.tsx').then((m) => ({ default: m.AccountTypeSwitch })),
);

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
/** The icon of each wallet feature. */
const FEATURE_ICONS: Record<WalletFeature, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  onramp: CreditCard,
  swaps: ArrowLeftRight,
  receive: ArrowDownLeft,
  send: ArrowUpRight,
  name: AtSign,
};

/**
 * One row of the Account action list: an icon, the whole label (the button's name, never cut: it
 * wraps when a language needs the room) and a chevron pointing where the row leads.
 */
function Action({
  label,
  icon: Icon,
  onClick,
}: {
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  onClick: () => void;
}) {
  return (
    <li>
      <button type="button" className="airlock-action" onClick={onClick}>
        <span className="airlock-action-icon">
          <Icon size={18} aria-hidden={true} />
        </span>
        <span className="airlock-action-label">{label}</span>
        <ChevronRight size={18} aria-hidden="true" className="airlock-action-chevron airlock-flip-rtl" />
      </button>
    </li>
  );
}

/**
 * Account (spec §2): the compact header ({@link AccountHeader}: avatar, name or shortened
 * address with copy and explorer links, balance and USD total, the network pill that
 * opens the network list; 'Unknown Network' for a chain that is not configured), then a
 * list of action rows (icon, label, chevron): the wallet features in spec §1 order (Buy, Swap, Receive, Send) and Wallets
 * (ProfileWallets, while the `multiWallet` feature is on); Activity is the tab below (once).
 * 'Choose a name' (while the account has no name) and, for an embedded (email) login, its email and 'Edit email'
 * (UpdateEmailWallet) sit below. Then the Tokens / NFTs / Activity tabs, and Disconnect apart at
 * the bottom (a neutral button, not a red tile among the everyday actions). Opening it
 * refreshes the balance.
 */
export function AccountView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const { address, wallet: connector, caipNetworkId } = useFrameState((s) => connectionOf(s));
  const network = findNetwork(frame.config, caipNetworkId);
  const offered = useFrameState((s) => walletFeatures(s, frame.config).join(' '));
  // Multi-wallet (spec §1): the Wallets action opens ProfileWallets.
  const multiWallet = useFrameState((s) => s.features.features.multiWallet === true);
  const email = useFrameState((s) => (connectionOf(s).wallet?.type === 'AUTH' ? s.embedded.email : null));
  // An account name of this service (either suffix, spec §1) makes the offer moot; an ENS name does not.
  const named = useFrameState((s) => {
    const shown = connectionOf(s).address;
    return !!shown && isAccountName(s.names[shown.toLowerCase()]);
  });
  // A social login (Farcaster) has a user name instead of an email.
  const userName = useFrameState((s) =>
    connectionOf(s).wallet?.type === 'AUTH' ? (s.embedded.user?.userName ?? null) : null,
  );

  // The embedded wallet's account type matters only where the deployment enables smart accounts.
  const smartAccounts = useFrameState((s) => s.embedded.smartAccountEnabledNetworks.includes(caipNetworkId));

  // On open (the closed modal keeps Account rendered, hidden, while connected).
  useWhileOpen(() => {
    void refreshBalance(frame);
  }, [frame]);

  if (!address) return null;
  const features = offered ? (offered.split(' ') as WalletFeature[]) : [];
  // 'Choose a name' only while the account has no account name (after registering, the header shows it).
  const offerName = features.includes('name') && !named;
  const actions = features.filter((f) => f !== 'name');

  return (
    <div className="airlock-account">
      {connector?.type === 'WALLET_CONNECT' ? <StorageNotice /> : null}
      <AccountHeader address={address} network={network} />
      <NamespaceAccountDetails caipNetworkId={caipNetworkId} />
      <ul className="airlock-action-list">
        {actions.map((feature) => (
          <Action
            key={feature}
            label={t(FEATURE_LABELS[feature])}
            icon={FEATURE_ICONS[feature]}
            onClick={() => {
              if (feature === 'send') resetSend(frame);
              pushRoute(frame, { view: FEATURE_VIEWS[feature] });
            }}
          />
        ))}
        {multiWallet ? (
          <Action label={t('Wallets')} icon={Wallet} onClick={() => pushRoute(frame, { view: 'ProfileWallets' })} />
        ) : null}
      </ul>
      {connector?.type === 'AUTH' ? <PasskeySlot /> : null}
      {connector?.type === 'AUTH' && smartAccounts ? (
        <Suspense fallback={null}>
          <AccountTypeSwitch />
        </Suspense>
      ) : null}
      {offerName || email || userName ? (
        <div className="airlock-account-extra">
          {userName && !email ? (
            <span className="airlock-muted" data-testid="account-username">
              <bdi dir="ltr">@{userName}</bdi>
            </span>
          ) : null}
          {email ? (
            <span className="airlock-muted" data-testid="account-email" dir="ltr">
              {email}
            </span>
          ) : null}
          {email ? (
            <button type="button" className="airlock-link-button" onClick={() => openUpdateEmail(frame)}>
              <Mail size={14} aria-hidden="true" /> {t('Edit email')}
            </button>
          ) : null}
          {offerName ? (
            <button
              type="button"
              className="airlock-link-button"
              onClick={() => pushRoute(frame, { view: FEATURE_VIEWS.name })}
            >
              <AtSign size={14} aria-hidden="true" /> {t(FEATURE_LABELS.name)}
            </button>
          ) : null}
        </div>
      ) : null}
      <Suspense fallback={<TabsSkeleton />}>
        <AccountTabs />
      </Suspense>
      {/* Apart from the everyday actions, at the bottom, neutral: leaving is not one of them. */}
      <button
        type="button"
        className="airlock-button airlock-secondary airlock-disconnect"
        onClick={() => disconnect(frame)}
      >
        <LogOut size={16} aria-hidden="true" /> {t('Disconnect')}
      </button>
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
