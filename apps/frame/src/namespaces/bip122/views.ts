import type { NamespaceViews } from '../types.ts';

/** The bip122 views: the Account view's details (ordinals address, confirmed and unconfirmed BTC). */
export const views: NamespaceViews = {
  accountDetails: () => import('./AccountDetails.tsx'),
};
