import { ErrorCode, Message, err, ok, validate, type Result } from '@airlock/protocol';
import {
  CreateSessionParamsSchema,
  InvokeMethodParamsSchema,
  NoSessionParamsSchema,
  type MultichainSession,
} from '@airlock/protocol/multichain';
import { openModal } from '../actions/modal.ts';
import type { DappRequest } from '../namespaces/index.ts';
import type { Frame } from '../store/frame.ts';
import { notify, watchSession } from './notify.ts';
import { routeScopeRequest } from './route.ts';
import { grantSession, invokeTarget, sessionScopesOf } from './scopes.ts';

/**
 * Answers the multichain session's methods (protocol `multichain.ts`; CAIP-25, -27, -285, -312),
 * whatever namespace the request names. Params validated (-32602 when malformed):
 * - `wallet_createSession { requiredScopes?, optionalScopes?, sessionProperties? }`: while the
 *   visitor has no connection at all, opens the modal on Connect first (4001 when it closes
 *   unconnected); then grants the session from the visitor's connections (`grantSession`: 5100,
 *   5101, 5102 for a required scope it cannot meet) and answers `{ sessionScopes, sessionProperties }`.
 *   It replaces an earlier session;
 * - `wallet_getSession`: `{ sessionScopes }` (`{}` without a session);
 * - `wallet_revokeSession`: ends the session (`true`; `wallet_sessionChanged` with `{}` follows);
 * - `wallet_invokeMethod { scope, request }`: 4100 unless the session granted that method on that
 *   scope and the scope's network is connected; then the namespace's router on that connection.
 * Never throws.
 */
export async function serveMultichain(frame: Frame, request: DappRequest): Promise<Result<unknown>> {
  const { runtime } = frame;
  switch (request.method) {
    case 'wallet_createSession': {
      const params = validate(CreateSessionParamsSchema, request.params ?? {});
      if (!params.ok) return params;
      await runtime.restored;
      if (frame.store.getState().connections.list.length === 0) {
        const waiting = frame.waiters.untilAccounts();
        openModal(frame, { view: 'Connect' });
        const connected = await waiting;
        if (!connected.ok) return connected;
      }
      const granted = grantSession(params.value, frame.store.getState());
      if (!granted.ok) return granted;
      runtime.multichain?.stop();
      runtime.multichain = { ...granted.value, stop: () => {} };
      runtime.multichain.stop = watchSession(frame);
      const session: MultichainSession = {
        sessionScopes: sessionScopesOf(granted.value, frame.store.getState()),
        sessionProperties: granted.value.sessionProperties,
      };
      return ok(session);
    }
    case 'wallet_getSession': {
      const params = validate(NoSessionParamsSchema, request.params);
      if (!params.ok) return params;
      return ok({ sessionScopes: sessionScopesOf(runtime.multichain, frame.store.getState()) });
    }
    case 'wallet_revokeSession': {
      const params = validate(NoSessionParamsSchema, request.params);
      if (!params.ok) return params;
      const session = runtime.multichain;
      runtime.multichain = null;
      if (session) {
        session.stop();
        notify(frame, { method: 'wallet_sessionChanged', params: { sessionScopes: {} } });
      }
      return ok(true);
    }
    case 'wallet_invokeMethod': {
      const params = validate(InvokeMethodParamsSchema, request.params ?? {});
      if (!params.ok) return params;
      await runtime.restored;
      const target = invokeTarget(runtime.multichain, frame.store.getState(), params.value);
      if (!target.ok) return target;
      return routeScopeRequest(frame, target.value, params.value.request);
    }
    default:
      return err(ErrorCode.UnsupportedMethod, Message.MethodNotAllowed);
  }
}
