import { ErrorCode, Message, err, validate, type Result } from '@airlock/protocol';
import { PolkadotRequestParamsSchemas, isPolkadotRequestMethod } from '@airlock/protocol/polkadotWallets';
import type { Frame } from '../../store/frame.ts';
import { routeAccountRequest } from '../accountRequest.ts';
import type { DappRequest } from '../types.ts';

/**
 * Routes a request of `getProvider('polkadot')` (protocol `PolkadotRequestParamsSchemas`; params
 * validated, -32602 when malformed, 4200 for another method): `polkadot_getAccounts`,
 * `polkadot_requestAccounts` (opens Connect for polkadot while disconnected), and
 * `polkadot_signTransaction`, `polkadot_signMessage` to the active connector on the active
 * polkadot network (4100 otherwise). Never throws.
 */
export async function routePolkadotRequest(frame: Frame, request: DappRequest): Promise<Result<unknown>> {
  const { method } = request;
  if (!isPolkadotRequestMethod(method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(PolkadotRequestParamsSchemas[method], request.params ?? []);
  if (!params.ok) return params;
  return routeAccountRequest(frame, 'polkadot', request, params.value as unknown[], {
    accounts: 'polkadot_getAccounts',
    requestAccounts: 'polkadot_requestAccounts',
  });
}
