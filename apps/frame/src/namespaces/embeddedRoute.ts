import type { Result, RpcRequest } from '@airlock/protocol';

// The shape of the embedded wallet's route per namespace, apart from the list (namespaces/embedded.ts)
// that imports the routes.

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
