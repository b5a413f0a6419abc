import { useState, type ReactNode } from 'react';
import { LayoutGrid } from 'lucide-react';
import { connectInjected } from '../actions/connect.ts';
import { pushRoute } from '../actions/modal.ts';
import { orderWallets } from '../actions/wallets.ts';
import { pageWalletEntry } from '../connectors/pageWallets.ts';
import { WALLETCONNECT_ICON } from '../connectors/walletconnect/icon.ts';
import { useFrame, useFrameState, useWhileOpen } from '../core/react.ts';
import type { ChainNamespace } from '@airlock/protocol';
import { announcedEntry } from '../connectors/injected/index.ts';
import type { ConnectEntry } from '../connectors/types.ts';
import type { WalletListing } from '../listing/types.ts';
import { topRoute } from '../store/routes.ts';
import { ListingIcon } from '../ui/ListingIcon.tsx';
import { WalletIcon } from '../ui/WalletIcon.tsx';
import { EmailField } from './EmailField.tsx';
import { LegalLinks, WalletHelp, walletCountLabel } from './ConnectHelp.tsx';
import { SocialRow } from './SocialRow.tsx';
import { useTranslation } from 'react-i18next';

/**
 * Connect (spec §2 default view), connect methods in the spec §1 order (email,
 * social, wallet): the email field when the `email` feature is on (local or remote)
 * and the deployment has a secure frame, the social row (SocialRow: buttons drawn by
 * the secure frame) when the remote `socials` list is not empty, then the wallets in the spec §1 order,
 * in compact rows so that Connect fits one screen (1280×800 and 390×844): 'WalletConnect' (QR code),
 * the page's wallets (EIP-6963) under 'Recent' (at most 2, spec §9) and 'Installed' (the other
 * announced ones), the featured listing wallets (FrameConfig.featuredWalletIds) and the recommended
 * listing wallets (4, spec §9; both loaded on demand) under 'Popular', and
 * 'All wallets' (with the listing's wallet count). A group with no wallet is left out. A note when no wallet is installed
 * in the browser (none listed at all), the 'What is a wallet?' help, and the dapp's terms and
 * privacy links when configured. Opened for one namespace (a Solana dapp's `connect()`, route
 * `namespace: 'solana'`), it lists only that namespace's page wallets, with WalletConnect and the
 * email and social login (which serve it too), not the EVM listing. Every entry is a button
 * named by the wallet's name.
 */
/** The wallet rows' icon size on Connect (CSS px): compact rows, so Connect fits one screen. */
const ROW_ICON = 28;

/** A titled group of wallet rows on Connect (nothing when it has none): the heading names the list. */
function WalletGroup({ id, label, children }: { id: string; label: string; children: ReactNode[] }) {
  if (!children.length) return null;
  return (
    <section
      className="airlock-wallet-group"
      aria-labelledby={`airlock-group-${id}`}
      data-testid={`wallet-group-${id}`}
    >
      <h2 className="airlock-group-label" id={`airlock-group-${id}`}>
        {label}
      </h2>
      <ul className="airlock-list airlock-connect-list">{children}</ul>
    </section>
  );
}

export function ConnectView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const wallets = useFrameState((s) => s.wallets);
  const recent = useFrameState((s) => s.preferences.recentWallets);
  const solanaWallets = useFrameState((s) => s.solanaWallets);
  const bitcoinWallets = useFrameState((s) => s.bitcoinWallets);
  const cosmosWallets = useFrameState((s) => s.cosmosWallets);
  const polkadotWallets = useFrameState((s) => s.polkadotWallets);
  const email = useFrameState((s) => s.features.features.email === true) && frame.connectors.embedded !== null;
  // Spec §1 connect method 'social': the remote `socials` list (SocialRow draws it).
  const socials =
    useFrameState((s) => Array.isArray(s.features.features.socials) && s.features.features.socials.length > 0) &&
    frame.connectors.embedded !== null;
  // Spec §1 local feature 'all-wallets': `allWallets: false` hides the All wallets entry.
  const allWallets = useFrameState((s) => s.features.features.allWallets !== false);
  const namespace = useFrameState((s) => {
    const top = topRoute(s.modal.stack);
    return top.view === 'Connect' ? top.namespace : undefined;
  });
  // Opened for one namespace: only its page wallets, and not the (EVM) listing nor All wallets.
  const scoped = namespace !== undefined;
  const pageWallets: [ChainNamespace, ConnectEntry[]][] = [
    ['eip155', wallets.map(announcedEntry)],
    ['solana', solanaWallets.map((w) => pageWalletEntry('solana', w))],
    ['bip122', bitcoinWallets.map((w) => pageWalletEntry('bip122', w))],
    ['cosmos', cosmosWallets.map((w) => pageWalletEntry('cosmos', w))],
    ['polkadot', polkadotWallets.map((w) => pageWalletEntry('polkadot', w))],
  ];
  const entries = orderWallets(
    pageWallets.filter(([ns]) => !scoped || ns === namespace).flatMap(([, list]) => list),
    recent,
  );
  const [listed, setListed] = useState<{
    featured: WalletListing[];
    recommended: WalletListing[];
    count?: number | null;
  }>({
    featured: [],
    recommended: [],
  });
  const installedKey = wallets.map((w) => w.rdns).join(',');
  // A listing wallet that is also on the page shows the page wallet's own EIP-6963 icon.
  const pageIcon = (wallet: WalletListing) => wallets.find((w) => wallet.rdns && w.rdns === wallet.rdns)?.icon;

  const pageWalletItem = (wallet: ConnectEntry) => (
    <li key={wallet.id}>
      <button
        type="button"
        className="airlock-list-item"
        aria-label={wallet.name}
        onClick={() => void connectInjected(frame, wallet)}
      >
        <WalletIcon src={wallet.icon} size={ROW_ICON} />
        <span className="airlock-list-label">{wallet.name}</span>
      </button>
    </li>
  );

  // The listing loads when the modal opens (the closed modal keeps Connect rendered, hidden).
  useWhileOpen(() => {
    let live = true;
    void import('../listing/load.ts')
      .then((m) =>
        m.loadConnectListing(
          frame,
          installedKey ? installedKey.split(',') : [],
          frame.store.getState().preferences.recentWallets,
        ),
      )
      .then((found) => live && setListed(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [frame, installedKey]);

  return (
    <>
      {email ? <EmailField /> : null}
      {socials || email ? <SocialRow passkey={email} /> : null}
      {email || socials ? <p className="airlock-divider">{t('or connect a wallet')}</p> : null}
      <ul className="airlock-list airlock-connect-list">
        <li>
          <button
            type="button"
            className="airlock-list-item"
            aria-label="WalletConnect"
            onClick={() => void import('../actions/walletConnect.ts').then((m) => m.connectWalletConnect(frame))}
          >
            <WalletIcon src={WALLETCONNECT_ICON} size={ROW_ICON} />
            <span className="airlock-list-label">WalletConnect</span>
            <span className="airlock-tag" aria-hidden="true">
              {t('QR code')}
            </span>
          </button>
        </li>
      </ul>
      <WalletGroup id="recent" label={t('Recent')}>
        {entries.filter((e) => e.recent).map(({ wallet }) => pageWalletItem(wallet))}
      </WalletGroup>
      <WalletGroup id="installed" label={t('Installed')}>
        {entries.filter((e) => !e.recent).map(({ wallet }) => pageWalletItem(wallet))}
      </WalletGroup>
      <WalletGroup id="popular" label={t('Popular')}>
        {(scoped ? [] : [...listed.featured, ...listed.recommended]).map((wallet) => (
          <li key={`listing:${wallet.id}`}>
            <button
              type="button"
              className="airlock-list-item"
              aria-label={wallet.name}
              onClick={() => void import('./AllWalletsView.tsx').then((m) => m.pickListingWallet(frame, wallet))}
            >
              {pageIcon(wallet) ? (
                <WalletIcon src={pageIcon(wallet)!} size={ROW_ICON} />
              ) : (
                <ListingIcon src={wallet.image_url} name={wallet.name} size={ROW_ICON} />
              )}
              <span className="airlock-list-label">{wallet.name}</span>
            </button>
          </li>
        ))}
      </WalletGroup>
      {scoped || !allWallets ? null : (
        <ul className="airlock-list airlock-connect-list">
          <li>
            <button
              type="button"
              className="airlock-list-item"
              aria-label={t('All wallets')}
              aria-describedby={listed.count ? 'airlock-wallet-count' : undefined}
              onClick={() => pushRoute(frame, { view: 'AllWallets' })}
            >
              <span
                className="airlock-wallet-icon airlock-icon-placeholder"
                aria-hidden="true"
                style={{ width: ROW_ICON, height: ROW_ICON }}
              >
                <LayoutGrid size={16} />
              </span>
              <span className="airlock-list-label">{t('All wallets')}</span>
              {listed.count ? (
                <span className="airlock-tag" id="airlock-wallet-count" data-testid="wallet-count">
                  {walletCountLabel(listed.count)}
                </span>
              ) : null}
            </button>
          </li>
        </ul>
      )}
      {entries.length === 0 && (scoped || listed.featured.length + listed.recommended.length === 0) ? (
        <p className="airlock-empty">
          {t('No wallet found in this browser. Install a browser wallet extension, then reload the page.')}
        </p>
      ) : null}
      <WalletHelp />
      <LegalLinks terms={frame.config.termsConditionsUrl} privacy={frame.config.privacyPolicyUrl} />
    </>
  );
}
