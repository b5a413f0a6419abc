import type { NamespaceViews } from '../types.ts';

/** The solana views: the SOL / SPL Send form (brings @solana/web3.js: its own chunk). */
export const views: NamespaceViews = {
  send: () => import('../../views/SolanaSendView.tsx').then((m) => ({ default: m.SolanaSendView })),
};
