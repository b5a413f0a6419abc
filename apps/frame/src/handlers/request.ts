import { ErrorCode, Message, err, isMultichainMethod, type Result } from '@airlock/protocol';
import { namespaceNamed, type DappRequest } from '../namespaces/index.ts';
import type { Frame } from '../store/frame.ts';

export type { DappRequest } from '../namespaces/index.ts';

/**
 * Routes a request of the dapp's provider to the plug-in of its namespace
 * (`namespaces/<name>/request.ts`: eip155 by the protocol's method-policy table, solana by its
 * Wallet Standard methods); 4901 'Chain is not supported' for a namespace this frame does not
 * serve. The multichain session's methods (`wallet_createSession`, `wallet_invokeMethod`, …,
 * CAIP-25) go to the session module (`multichain/serve.ts`, loaded on first use) whatever the
 * namespace named. Never throws.
 */
export function routeRequest(frame: Frame, request: DappRequest): Promise<Result<unknown>> {
  if (isMultichainMethod(request.method))
    return import('../multichain/serve.ts').then((m) => m.serveMultichain(frame, request));
  const namespace = namespaceNamed(request.chainNamespace);
  if (!namespace) return Promise.resolve(err(ErrorCode.ChainDisconnected, Message.ChainNotSupported));
  return namespace.request(frame, request);
}
