import { ErrorCode, Message, err, validate, type Result } from '@airlock/protocol';
import { CosmosRequestParamsSchemas, isCosmosRequestMethod } from '@airlock/protocol/cosmosWallets';
import type { Frame } from '../../store/frame.ts';
import { routeAccountRequest } from '../accountRequest.ts';
import type { DappRequest } from '../types.ts';

/**
 * Routes a request of `getProvider('cosmos')` (protocol `CosmosRequestParamsSchemas`; params
 * validated, -32602 when malformed, 4200 for another method): `cosmos_getAccounts`,
 * `cosmos_requestAccounts` (opens Connect for cosmos while disconnected), and `cosmos_signDirect`,
 * `cosmos_signAmino`, `cosmos_signArbitrary` to the active connector on the active cosmos network
 * (4100 otherwise). Never throws.
 */
export async function routeCosmosRequest(frame: Frame, request: DappRequest): Promise<Result<unknown>> {
  const { method } = request;
  if (!isCosmosRequestMethod(method)) return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  const params = validate(CosmosRequestParamsSchemas[method], request.params ?? []);
  if (!params.ok) return params;
  return routeAccountRequest(frame, 'cosmos', request, params.value as unknown[], {
    accounts: 'cosmos_getAccounts',
    requestAccounts: 'cosmos_requestAccounts',
  });
}
