import type { AlertText } from '../store/state.ts';

/**
 * The alert when the provider API gave no answer at all (network error or timeout) as the
 * features loaded: what is missing (email and social login, the wallet directory) and what
 * still works. A module of its own, loaded only then, so its text stays out of the frame's
 * initial JS.
 */
export const API_UNREACHABLE: AlertText = {
  key: 'alert.ApiUnreachable',
  short: 'Provider API unreachable',
  long: 'Email and social login and the wallet directory are unavailable until it answers. Wallets in this browser and WalletConnect still work.',
};
