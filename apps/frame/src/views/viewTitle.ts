import type { FrameConfig } from '@airlock/protocol';
import { findNetwork } from '../core/networks.ts';
import type { Route } from '../core/routes.ts';

/** The title of a view, also the dialog's accessible name (docs/integration.md names). */
export function viewTitle(config: FrameConfig, route: Route): string {
  switch (route.view) {
    case 'Connect':
      return 'Connect Wallet';
    case 'ConnectingExternal':
      return route.wallet.name;
    case 'Account':
      return 'Account';
    case 'Networks':
      return 'Select network';
    case 'SwitchNetwork':
      return findNetwork(config, route.caipNetworkId)?.name ?? 'Switch network';
    case 'UnsupportedChain':
      return 'Unsupported network';
    case 'Send':
      return 'Send';
    case 'Receive':
      return 'Receive';
    case 'AllWallets':
      return 'All Wallets';
    case 'ConnectingWalletConnect':
      return route.wallet?.name ?? 'WalletConnect';
    case 'ConnectingWalletConnectBasic':
      return 'WalletConnect';
    case 'Swap':
      return 'Swap';
    case 'Onramp':
      return 'Buy crypto';
    case 'RegisterAccountName':
      return 'Choose your account name';
    case 'RegisterAccountNameSuccess':
      return 'Account name chosen';
    case 'SIWXSignMessage':
      return 'Sign In';
    case 'SwitchActiveChain':
      return 'Switch network';
    case 'EmailLogin':
      return 'Confirm Email';
    case 'ConnectingFarcaster':
      return 'Sign in with Farcaster';
    case 'UpdateEmailWallet':
      return 'Edit Email';
    case 'ApproveTransaction':
      return 'Approve Transaction';
    case 'ConnectingSocial':
      return 'Continue in the popup';
  }
}
