import { lazy, Suspense } from 'react';
import type { Route } from '../store/routes.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { AccountView } from './AccountView.tsx';
import { ConnectingExternalView } from './ConnectingExternalView.tsx';
import { ConnectView } from './ConnectView.tsx';
import { NetworksView } from './NetworksView.tsx';
import { SwitchActiveChainView } from './SwitchActiveChainView.tsx';
import { SwitchNetworkView } from './SwitchNetworkView.tsx';
import { useFrameState } from '../core/react.ts';
import { UnsupportedChainView } from './UnsupportedChainView.tsx';
import { Trans } from 'react-i18next';

// WalletConnect and listing views are lazy chunks (not in the initial JS).
const AllWalletsView = lazy(() => import('./AllWalletsView.tsx'));
const ConnectingWalletConnectView = lazy(() => import('./ConnectingWalletConnectView.tsx'));
const ConnectingWalletConnectBasicView = lazy(() => import('./ConnectingWalletConnectBasicView.tsx'));
// Spec §2: optional UI parts (send, receive) load lazily.
const SendView = lazy(() => import('./SendView.tsx').then((m) => ({ default: m.SendView })));
// Sign-in (SIWX) loads only when a dapp that turned it on needs a signature.
const SiwxSignMessageView = lazy(() => import('./SiwxSignMessageView.tsx'));
// Solana send brings @solana/web3.js and @solana/spl-token: its own lazy chunk.
const SolanaSendView = lazy(() => import('./SolanaSendView.tsx').then((m) => ({ default: m.SolanaSendView })));
const ReceiveView = lazy(() => import('./ReceiveView.tsx').then((m) => ({ default: m.ReceiveView })));
// Spec §2: swaps and on-ramp load lazily; so does name registration (one chunk for the wallet features).
const features = () => import('../features/views.ts');
const SwapView = lazy(() => features().then((m) => ({ default: m.SwapView })));
const OnrampView = lazy(() => features().then((m) => ({ default: m.OnrampView })));
const RegisterAccountNameView = lazy(() => features().then((m) => ({ default: m.RegisterAccountNameView })));
const RegisterAccountNameSuccessView = lazy(() =>
  features().then((m) => ({ default: m.RegisterAccountNameSuccessView })),
);
// Spec §2: email login is an optional part too; ApproveTransaction comes with it.
const EmailLoginView = lazy(() => import('./EmailLoginView.tsx'));
const ConnectingSocialView = lazy(() => import('./ConnectingSocialView.tsx'));
const UpdateEmailWalletView = lazy(() => import('./UpdateEmailWalletView.tsx'));
const ApproveTransactionView = lazy(() => import('./ApproveTransactionView.tsx'));
// Sign In With Farcaster: its own lazy chunk.
const ConnectingFarcasterView = lazy(() => import('./ConnectingFarcasterView.tsx'));

const loading = (
  <p className="airlock-status">
    <Spinner /> <Trans>Loading</Trans>
  </p>
);

/** Renders the view for `route` (lazy views show 'Loading' while their chunk loads). */
export function CurrentView({ route }: { route: Route }) {
  const solana = useFrameState((s) => s.connection.caipNetworkId.startsWith('solana:'));
  switch (route.view) {
    case 'Connect':
      return <ConnectView />;
    case 'ConnectingExternal':
      return <ConnectingExternalView wallet={route.wallet} />;
    case 'Account':
      return <AccountView />;
    case 'Networks':
      return <NetworksView />;
    case 'SwitchNetwork':
      return <SwitchNetworkView caipNetworkId={route.caipNetworkId} />;
    case 'UnsupportedChain':
      return <UnsupportedChainView />;
    case 'Send':
      return <Suspense fallback={loading}>{solana ? <SolanaSendView /> : <SendView />}</Suspense>;
    case 'SwitchActiveChain':
      return <SwitchActiveChainView caipNetworkId={route.caipNetworkId} />;
    case 'Receive':
      return (
        <Suspense fallback={loading}>
          <ReceiveView />
        </Suspense>
      );
    case 'Swap':
      return (
        <Suspense fallback={loading}>
          <SwapView />
        </Suspense>
      );
    case 'Onramp':
      return (
        <Suspense fallback={loading}>
          <OnrampView />
        </Suspense>
      );
    case 'RegisterAccountName':
      return (
        <Suspense fallback={loading}>
          <RegisterAccountNameView initial={route.name} error={route.error ?? null} />
        </Suspense>
      );
    case 'RegisterAccountNameSuccess':
      return (
        <Suspense fallback={loading}>
          <RegisterAccountNameSuccessView name={route.name} />
        </Suspense>
      );
    case 'AllWallets':
      return (
        <Suspense fallback={loading}>
          <AllWalletsView />
        </Suspense>
      );
    case 'ConnectingWalletConnect':
      return (
        <Suspense fallback={loading}>
          <ConnectingWalletConnectView wallet={route.wallet} />
        </Suspense>
      );
    case 'SIWXSignMessage':
      return (
        <Suspense fallback={loading}>
          <SiwxSignMessageView />
        </Suspense>
      );
    case 'ConnectingWalletConnectBasic':
      return (
        <Suspense fallback={loading}>
          <ConnectingWalletConnectBasicView />
        </Suspense>
      );
    case 'ConnectingSocial':
      return (
        <Suspense fallback={loading}>
          <ConnectingSocialView />
        </Suspense>
      );
    case 'EmailLogin':
      return (
        <Suspense fallback={loading}>
          <EmailLoginView />
        </Suspense>
      );
    case 'UpdateEmailWallet':
      return (
        <Suspense fallback={loading}>
          <UpdateEmailWalletView />
        </Suspense>
      );
    case 'ConnectingFarcaster':
      return (
        <Suspense fallback={loading}>
          <ConnectingFarcasterView />
        </Suspense>
      );
    case 'ApproveTransaction':
      return (
        <Suspense fallback={loading}>
          <ApproveTransactionView requestId={route.requestId} />
        </Suspense>
      );
  }
}
