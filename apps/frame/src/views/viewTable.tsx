import type { FrameConfig } from '@airlock/protocol';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { useFrameState } from '../core/react.ts';
import { loadEmailLogin } from './lazyEmail.tsx';
import { lazyView } from './lazyView.tsx';
import { namespaceViewsOf } from './namespaceViews.ts';
import { findNetwork } from '../store/networks.ts';
import type { Route, ViewName } from '../store/routes.ts';
import { AccountView } from './AccountView.tsx';
import { ConnectingExternalView } from './ConnectingExternalView.tsx';
import { ConnectView } from './ConnectView.tsx';
import { NetworksView } from './NetworksView.tsx';
import { SwitchActiveChainView } from './SwitchActiveChainView.tsx';
import { SwitchNetworkView } from './SwitchNetworkView.tsx';
import { UnsupportedChainView } from './UnsupportedChainView.tsx';
import { connectionOf } from '../store/connection.ts';

// The one list of the modal's views (spec §2): for each route, the component that shows it,
// whether that component is a lazy chunk, and its title. CurrentView and viewTitle read it;
// the route union itself is in store/routes.ts. Back is the same on every view: the header
// shows it while the stack holds more than one view (App.tsx).

// WalletConnect and listing views are lazy chunks (not in the initial JS). Every lazy view is made
// by lazyView: a chunk that fails to load shows 'This view could not load' with Try again and Back.
const AllWalletsView = lazyView(() => import('./AllWalletsView.tsx'));
const ConnectingWalletConnectView = lazyView(() => import('./ConnectingWalletConnectView.tsx'));
const ConnectingWalletConnectBasicView = lazyView(() => import('./ConnectingWalletConnectBasicView.tsx'));
// Spec §2: optional UI parts (send, receive) load lazily; Send is the namespace's own view.
// Sign-in (SIWX) loads only when a dapp that turned it on needs a signature.
const SiwxSignMessageView = lazyView(() => import('./SiwxSignMessageView.tsx'));
const ReceiveView = lazyView(() => import('./ReceiveView.tsx').then((m) => ({ default: m.ReceiveView })));
// Spec §2: swaps and on-ramp load lazily; so does name registration (one chunk for the wallet features).
const features = () => import('../features/views.ts');
const SwapView = lazyView(() => features().then((m) => ({ default: m.SwapView })));
const OnrampView = lazyView(() => features().then((m) => ({ default: m.OnrampView })));
const RegisterAccountNameView = lazyView(() => features().then((m) => ({ default: m.RegisterAccountNameView })));
const RegisterAccountNameSuccessView = lazyView(() =>
  features().then((m) => ({ default: m.RegisterAccountNameSuccessView })),
);
// Spec §2: email login is an optional part too; ApproveTransaction comes with it.
const EmailLoginView = lazyView(() => loadEmailLogin(() => import('./EmailLoginView.tsx')));
const ConnectingSocialView = lazyView(() => import('./ConnectingSocialView.tsx'));
const UpdateEmailWalletView = lazyView(() => import('./UpdateEmailWalletView.tsx'));
const ApproveTransactionView = lazyView(() => import('./ApproveTransactionView.tsx'));
// Multi-wallet (spec §1): the list of connections, its own lazy chunk.
const ProfileWalletsView = lazyView(() => import('./ProfileWallets.tsx'));
// Sign In With Farcaster: its own lazy chunk.
const ConnectingFarcasterView = lazyView(() => import('./ConnectingFarcasterView.tsx'));

/** The route of view `V` (with its data, store/routes.ts). */
export type RouteOf<V extends ViewName> = Route & { view: V };

/** What a title is computed from: the dapp's config and the translator (the English titles are the keys). */
export type TitleContext = { config: FrameConfig; t: TFunction };

/** One row of {@link VIEW_TABLE}. */
export type ViewEntry<V extends ViewName> = {
  /** The view for its route. */
  render(route: RouteOf<V>): ReactNode;
  /** True when `render` shows a lazy chunk: CurrentView shows 'Loading' while it loads. */
  lazy?: true;
  /** The view's title, also the dialog's accessible name (docs/integration.md names). */
  title(route: RouteOf<V>, context: TitleContext): string;
};

/** The lazy Send views made so far, by namespace (one `lazyView()` each, so a view keeps its state across renders). */
const sendViews = new Map<string, ComponentType>();

/** Send: the active network's namespace's own form (`NamespaceViews.send`), nothing when it has none. */
function SendRoute() {
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);
  const name = caipNetworkId.slice(0, caipNetworkId.indexOf(':'));
  const load = namespaceViewsOf(caipNetworkId)?.send;
  if (!load) return null;
  const View = sendViews.get(name) ?? lazyView(load);
  sendViews.set(name, View);
  return <View />;
}

/** Every view of the modal, by name (spec §2). Adding a view: a route in store/routes.ts and one row here. */
export const VIEW_TABLE: { [V in ViewName]: ViewEntry<V> } = {
  Connect: { render: () => <ConnectView />, title: (_, { t }) => t('Connect Wallet') },
  ConnectingExternal: {
    render: (route) => <ConnectingExternalView wallet={route.wallet} />,
    title: (route) => route.wallet.name,
  },
  Account: { render: () => <AccountView />, title: (_, { t }) => t('Account') },
  Networks: { render: () => <NetworksView />, title: (_, { t }) => t('Select network') },
  SwitchNetwork: {
    render: (route) => <SwitchNetworkView caipNetworkId={route.caipNetworkId} />,
    title: (route, { config, t }) => findNetwork(config, route.caipNetworkId)?.name ?? t('Switch network'),
  },
  UnsupportedChain: { render: () => <UnsupportedChainView />, title: (_, { t }) => t('Unsupported network') },
  Send: { render: () => <SendRoute />, lazy: true, title: (_, { t }) => t('Send') },
  SwitchActiveChain: {
    render: (route) => <SwitchActiveChainView caipNetworkId={route.caipNetworkId} />,
    title: (_, { t }) => t('Switch network'),
  },
  Receive: { render: () => <ReceiveView />, lazy: true, title: (_, { t }) => t('Receive') },
  Swap: { render: () => <SwapView />, lazy: true, title: (_, { t }) => t('Swap') },
  Onramp: { render: () => <OnrampView />, lazy: true, title: (_, { t }) => t('Buy crypto') },
  RegisterAccountName: {
    render: (route) => <RegisterAccountNameView initial={route.name} error={route.error ?? null} />,
    lazy: true,
    title: (_, { t }) => t('Choose your account name'),
  },
  RegisterAccountNameSuccess: {
    render: (route) => <RegisterAccountNameSuccessView name={route.name} />,
    lazy: true,
    title: (_, { t }) => t('Account name chosen'),
  },
  AllWallets: { render: () => <AllWalletsView />, lazy: true, title: (_, { t }) => t('All Wallets') },
  ConnectingWalletConnect: {
    render: (route) => <ConnectingWalletConnectView wallet={route.wallet} />,
    lazy: true,
    title: (route) => route.wallet?.name ?? 'WalletConnect',
  },
  ConnectingWalletConnectBasic: {
    render: () => <ConnectingWalletConnectBasicView />,
    lazy: true,
    title: (_, { t }) => t('WalletConnect'),
  },
  SIWXSignMessage: { render: () => <SiwxSignMessageView />, lazy: true, title: (_, { t }) => t('Sign In') },
  ConnectingSocial: {
    render: () => <ConnectingSocialView />,
    lazy: true,
    // Redirect mode (or a return from it): no popup.
    title: (_, { config, t }) =>
      config.socialLogin?.mode === 'redirect' || config.resultUri !== undefined
        ? t('Signing in')
        : t('Continue in the popup'),
  },
  EmailLogin: { render: () => <EmailLoginView />, lazy: true, title: (_, { t }) => t('Confirm Email') },
  UpdateEmailWallet: { render: () => <UpdateEmailWalletView />, lazy: true, title: (_, { t }) => t('Edit Email') },
  ProfileWallets: { render: () => <ProfileWalletsView />, lazy: true, title: (_, { t }) => t('Wallets') },
  ConnectingFarcaster: {
    render: () => <ConnectingFarcasterView />,
    lazy: true,
    title: (_, { t }) => t('Sign in with Farcaster'),
  },
  ApproveTransaction: {
    render: (route) => <ApproveTransactionView requestId={route.requestId} />,
    lazy: true,
    // Titled by what is asked: a message or typed-data signature is not a transaction.
    title: (route, { t }) => {
      if (route.method === 'personal_sign' || route.method === 'solana_signMessage') return t('Sign Message');
      if (route.method === 'eth_signTypedData_v4') return t('Sign Typed Data');
      return t('Approve Transaction');
    },
  },
};

/** The table row of `route`'s view. */
export function viewEntry(route: Route): ViewEntry<ViewName> {
  return VIEW_TABLE[route.view] as ViewEntry<ViewName>;
}
