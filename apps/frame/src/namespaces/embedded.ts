import type { ChainNamespace, Result, RpcRequest } from '@airlock/protocol';
import { eip155EmbeddedRoute } from './eip155/embedded.ts';
import { solanaEmbeddedRoute } from './solana/embedded.ts';

// Apart from index.ts and info.ts: only the embedded connector (its lazy chunk) reads it.

/** What a namespace's embedded route gets of the embedded wallet for one dapp request. */
export type EmbeddedWallet = {
  /** The signed-in user's account on the request's namespace, as the namespace keeps it; null without one. */
  address: string | null;
  /**
   * Sends `request` to the secure frame (RPC_REQUEST on the request's network and namespace);
   * `unsafe` (spec §6) shows the secure frame's approval first. Never throws.
   */
  send(request: RpcRequest, unsafe: boolean): Promise<Result<unknown>>;
};

/**
 * How the embedded wallet serves a dapp request on one namespace (`namespaces/<name>/embedded.ts`):
 * the namespace's method policy and the shapes the secure frame takes. Never throws.
 */
export type EmbeddedRoute = (request: RpcRequest, wallet: EmbeddedWallet) => Promise<Result<unknown>>;

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
