import { ErrorCode, err } from '@airlock/protocol';
import { embeddedSolanaRequest } from '../../connectors/embedded/solana.ts';
import type { EmbeddedRoute } from '../embeddedRoute.ts';

/**
 * The embedded wallet's solana route: the dapp's `solana_*` signing requests in the secure frame's
 * shapes (connectors/embedded/solana.ts), each behind its approval; 4100 'Not signed in' while the
 * user has no solana account.
 */
export const solanaEmbeddedRoute: EmbeddedRoute = async (request, wallet) => {
  const address = wallet.address;
  if (!address) return err(ErrorCode.Unauthorized, 'Not signed in');
  return embeddedSolanaRequest(request, address, (method, params) => wallet.send({ method, params }, true));
};
