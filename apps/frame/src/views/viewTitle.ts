import type { FrameConfig } from '@airlock/protocol';
import type { TFunction } from 'i18next';
import { findNetwork } from '../store/networks.ts';
import type { Route } from '../store/routes.ts';

/**
 * The title of a view, also the dialog's accessible name (docs/integration.md names), through
 * the translator `t` (the English titles are the keys).
 */
export function viewTitle(config: FrameConfig, route: Route, t: TFunction): string {
  switch (route.view) {
    case 'Connect':
      return t('Connect Wallet');
    case 'ConnectingExternal':
      return route.wallet.name;
    case 'Account':
      return t('Account');
    case 'Networks':
      return t('Select network');
    case 'SwitchNetwork':
      return findNetwork(config, route.caipNetworkId)?.name ?? t('Switch network');
    case 'UnsupportedChain':
      return t('Unsupported network');
    case 'Send':
      return t('Send');
    case 'Receive':
      return t('Receive');
    case 'AllWallets':
      return t('All Wallets');
    case 'ConnectingWalletConnect':
      return route.wallet?.name ?? 'WalletConnect';
    case 'ConnectingWalletConnectBasic':
      return t('WalletConnect');
    case 'Swap':
      return t('Swap');
    case 'Onramp':
      return t('Buy crypto');
    case 'RegisterAccountName':
      return t('Choose your account name');
    case 'RegisterAccountNameSuccess':
      return t('Account name chosen');
    case 'SIWXSignMessage':
      return t('Sign In');
    case 'SwitchActiveChain':
      return t('Switch network');
    case 'EmailLogin':
      return t('Confirm Email');
    case 'ConnectingFarcaster':
      return t('Sign in with Farcaster');
    case 'UpdateEmailWallet':
      return t('Edit Email');
    case 'ApproveTransaction':
      // Titled by what is asked: a message or typed-data signature is not a transaction.
      if (route.method === 'personal_sign' || route.method === 'solana_signMessage') return t('Sign Message');
      if (route.method === 'eth_signTypedData_v4') return t('Sign Typed Data');
      return t('Approve Transaction');
    case 'ConnectingSocial':
      // Redirect mode (or a return from it): no popup.
      return config.socialLogin?.mode === 'redirect' || config.resultUri !== undefined
        ? t('Signing in')
        : t('Continue in the popup');
  }
}
