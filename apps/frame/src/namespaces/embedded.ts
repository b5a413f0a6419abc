import type { ChainNamespace } from '@airlock/protocol';
import { eip155EmbeddedRoute } from './eip155/embedded.ts';
import { solanaEmbeddedRoute } from './solana/embedded.ts';
import type { EmbeddedRoute } from './embeddedRoute.ts';

export type { EmbeddedRoute, EmbeddedWallet } from './embeddedRoute.ts';

// Apart from index.ts and info.ts: only the embedded connector (its lazy chunk) reads it.

/**
 * The embedded wallet's route per namespace it has accounts on (docs/embedded-wallet.md 'Shares').
 * Adding a namespace to the embedded wallet: its `embedded.ts` and one entry here.
 */
const EMBEDDED_ROUTE: Readonly<Partial<Record<ChainNamespace, EmbeddedRoute>>> = {
  eip155: eip155EmbeddedRoute,
  solana: solanaEmbeddedRoute,
};

/**
 * The embedded wallet's route for a request on `caipNetworkId` (CAIP-2) and the namespace it
 * serves, or null when the embedded wallet has no account on that namespace. Pure.
 */
export function embeddedRouteOf(
  caipNetworkId: string,
): { chainNamespace: ChainNamespace; route: EmbeddedRoute } | null {
  const chainNamespace = caipNetworkId.slice(0, caipNetworkId.indexOf(':')) as ChainNamespace;
  const route = Object.hasOwn(EMBEDDED_ROUTE, chainNamespace) ? EMBEDDED_ROUTE[chainNamespace] : undefined;
  return route ? { chainNamespace, route } : null;
}
