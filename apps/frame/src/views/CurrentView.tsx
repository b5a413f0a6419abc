import type { Route } from '../stores/router.ts';
import { AccountView } from './AccountView.tsx';
import { ConnectingExternalView } from './ConnectingExternalView.tsx';
import { ConnectView } from './ConnectView.tsx';
import { NetworksView } from './NetworksView.tsx';
import { SwitchNetworkView } from './SwitchNetworkView.tsx';
import { UnsupportedChainView } from './UnsupportedChainView.tsx';

/** Renders the view for `route`. */
export function CurrentView({ route }: { route: Route }) {
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
  }
}
