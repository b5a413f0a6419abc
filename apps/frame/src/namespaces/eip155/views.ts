import type { NamespaceViews } from '../types.ts';

/** The eip155 views: the EVM Send form (native and ERC-20). */
export const views: NamespaceViews = {
  send: () => import('../../views/SendView.tsx').then((m) => ({ default: m.SendView })),
};
