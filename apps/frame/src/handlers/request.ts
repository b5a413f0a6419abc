import { ErrorCode, Message, err, type Result } from '@airlock/protocol';
import { namespaceNamed, type DappRequest } from '../namespaces/index.ts';
import type { Frame } from '../store/frame.ts';

export type { DappRequest } from '../namespaces/index.ts';

/**
 * Routes a request of the dapp's provider to the plug-in of its namespace
 * (`namespaces/<name>/request.ts`: eip155 by the protocol's method-policy table, solana by its
 * Wallet Standard methods); 4901 'Chain is not supported' for a namespace this frame does not
 * serve. Never throws.
 */
export function routeRequest(frame: Frame, request: DappRequest): Promise<Result<unknown>> {
  const namespace = namespaceNamed(request.chainNamespace);
  if (!namespace) return Promise.resolve(err(ErrorCode.ChainDisconnected, Message.ChainNotSupported));
  return namespace.request(frame, request);
}
