import type { NamespaceViews } from '../types.ts';

/**
 * The bip122 views: the Account view's details (ordinals address, confirmed and unconfirmed BTC)
 * and Send BTC (brings @scure/btc-signer: its own chunk).
 */
export const views: NamespaceViews = {
  accountDetails: () => import('./AccountDetails.tsx'),
  send: () => import('./SendView.tsx'),
};
