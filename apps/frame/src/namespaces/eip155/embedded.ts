import { ErrorCode, err, methodPolicy } from '@airlock/protocol';
import type { EmbeddedRoute } from '../embeddedRoute.ts';

/**
 * The embedded wallet's eip155 route: a method of the shared policy table (spec §6) goes to the
 * secure frame as it is, an unsafe one behind its approval; any other method is 4200.
 */
export const eip155EmbeddedRoute: EmbeddedRoute = async (request, wallet) => {
  const policy = methodPolicy(request.method);
  if (!policy) return err(ErrorCode.UnsupportedMethod, 'Requested RPC call is not allowed');
  return wallet.send(request, policy.unsafe);
};
