import type { CaipNetworkId, Network, Result, RpcRequest, WalletAnnouncement } from '@airlock/protocol';
import { switchChain, walletRequest } from './injected.ts';
import { isWalletConnect } from './walletconnect/constants.ts';

/**
 * Sends a dapp request to whichever connector is active (issue 3 §1): a
 * WalletConnect session (lazy-loaded, on chain `caipNetworkId`, CAIP-2) or a
 * page wallet through the host (EIP-6963 uuid). Errors keep the wallet's code
 * and data (4001 rejected …).
 */
export async function connectorRequest(
  connector: WalletAnnouncement,
  request: RpcRequest,
  caipNetworkId: CaipNetworkId,
): Promise<Result<unknown>> {
  if (!isWalletConnect(connector)) return walletRequest(connector.uuid, request);
  const { sessionRequest } = await import('./walletconnect/session.ts');
  return sessionRequest(request, caipNetworkId);
}

/**
 * Switches the active connector to `network` (spec §4 'Network switching'):
 * the WalletConnect session, or the page wallet (EIP-3326, adding the chain
 * on 4902). Errors keep the wallet's code.
 */
export async function connectorSwitchChain(connector: WalletAnnouncement, network: Network): Promise<Result<null>> {
  if (!isWalletConnect(connector)) return switchChain(connector.uuid, network);
  const { sessionSwitchChain } = await import('./walletconnect/session.ts');
  return sessionSwitchChain(network);
}
