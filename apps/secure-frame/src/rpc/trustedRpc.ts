/**
 * Where the secure frame reads what an approval shows and what it signs with (fees, nonce,
 * gas, token facts, a Solana receiver's owner) and where it sends: the JSON-RPC URL of the
 * request's network in the secure frame's own deployment (`rpcUrls`, docs/embedded-wallet.md
 * "Deployment") when it has one, else the URL the page put in its network list, which the
 * approval then names as the app's (docs/threat-model.md, "Embedded wallet", fees).
 */

/** Whose JSON-RPC a value came from: the deployment's own (`trusted`) or the dapp page's (`app`). */
export type RpcSource = 'trusted' | 'app';

/** The JSON-RPC URL to use for one request, and whose it is. */
export type ChosenRpc = { url: string; source: RpcSource };

/**
 * Picks the deployment's URL for `caipNetworkId` (CAIP-2), else the page's `pageRpcUrl`.
 * Pure.
 */
export function chooseRpc(
  trustedRpcUrls: Readonly<Record<string, string>>,
  caipNetworkId: string,
  pageRpcUrl: string,
): ChosenRpc {
  const trusted = Object.hasOwn(trustedRpcUrls, caipNetworkId) ? trustedRpcUrls[caipNetworkId] : undefined;
  return trusted ? { url: trusted, source: 'trusted' } : { url: pageRpcUrl, source: 'app' };
}

/** The notice an approval shows when its fee (and facts) come from the page's RPC. */
export const APP_RPC_NOTICE = "Fee estimated by the app's RPC";
