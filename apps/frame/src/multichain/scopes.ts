import {
  ChainNamespaceSchema,
  ErrorCode,
  chainNamespaceOf,
  err,
  formatCaipAddress,
  ok,
  type CaipNetworkId,
  type ChainNamespace,
  type Result,
} from '@airlock/protocol';
import {
  MULTICHAIN_NOTIFICATIONS,
  MultichainErrorCode,
  scopeMethodSupported,
  type CreateSessionParams,
  type InvokeMethodParams,
  type MultichainSession,
  type ScopeObject,
} from '@airlock/protocol/multichain';
import { activeConnectionOn } from '../store/connections.ts';
import type { MultichainGrant, ScopeGrant } from '../store/frame.ts';
import type { FrameState } from '../store/state.ts';

/**
 * The multichain session's pure part (CAIP-25 / CAIP-27): which scopes a `wallet_createSession`
 * grants given the visitor's connections, the session's scopes as they are now, and whether a
 * `wallet_invokeMethod` may run. Each scope reads the ACTIVE connection of its chain namespace
 * (one per namespace: several wallets across namespaces with `multiWallet` on, one WalletConnect
 * session holding several namespaces, or the one connection with it off); a scope names one
 * network, and has the connection's accounts while that connection is on that network.
 */

export type { MultichainGrant, ScopeGrant } from '../store/frame.ts';

/** The connection a scope's namespace uses now: its connector, network and addresses (first = in use). */
export type ScopeConnection = { connectorId: string; caipNetworkId: CaipNetworkId; addresses: string[] };

type State = Pick<FrameState, 'connections'>;

/**
 * The active connection of `namespace` (store/connections.ts; the shown connection is always one of
 * the list). Null when the visitor has none. Pure.
 */
export function scopeConnectionOf(state: State, namespace: ChainNamespace): ScopeConnection | null {
  const listed = activeConnectionOn(state, namespace);
  if (listed)
    return {
      connectorId: listed.connectorId,
      caipNetworkId: listed.caipNetworkId,
      addresses: listed.accounts.map((a) => a.address),
    };
  return null;
}

/**
 * The CAIP-2 ids a requested scope key stands for: itself for a CAIP-2 key; for a namespace key
 * its `references` (CAIP-25), or without them the network of that namespace's connection (none
 * when the visitor has none).
 */
function networksOf(state: State, key: string, scope: ScopeObject): CaipNetworkId[] {
  const namespace = ChainNamespaceSchema.safeParse(key);
  if (!namespace.success) return [key as CaipNetworkId];
  if (scope.references) return scope.references.map((r) => `${key}:${r}` as CaipNetworkId);
  const connection = scopeConnectionOf(state, namespace.data);
  return connection ? [connection.caipNetworkId] : [];
}

/** True when the visitor's connection of the network's namespace is on that network. */
function connectedOn(state: State, caipNetworkId: CaipNetworkId): boolean {
  let namespace: ChainNamespace;
  try {
    namespace = chainNamespaceOf(caipNetworkId);
  } catch {
    return false;
  }
  return scopeConnectionOf(state, namespace)?.caipNetworkId === caipNetworkId;
}

/**
 * A missing network as the 5100 message names it: `<id> (no connected wallet on them)`, or, when
 * the visitor's connection of that namespace is on another network, `<id> (the connection is on
 * <its network>; switch to <id> first)` — the widget does not switch for a session request (a
 * switch is the visitor's, or the dapp's through the namespace's provider, e.g. EIP-3326).
 */
function withElsewhere(state: State, id: string): string {
  let namespace: ChainNamespace | null = null;
  try {
    namespace = chainNamespaceOf(id as CaipNetworkId);
  } catch {
    /* not a CAIP-2 id of a known namespace */
  }
  const other = namespace ? scopeConnectionOf(state, namespace)?.caipNetworkId : undefined;
  return other && other !== id
    ? `${id} (the connection is on ${other}; switch to ${id} first)`
    : `${id} (no connected wallet on them)`;
}

/**
 * The session `wallet_createSession` grants (CAIP-25). A required scope must be fully met, or the
 * whole call fails and nothing is granted: 5100 when the visitor has no connection on its network
 * (a namespace key without `references` and no connection of it included; a network of a connected
 * namespace whose connection is on another network is not switched to: 5100 names the network the
 * connection is on), 5101 naming methods
 * the namespace's provider does not serve, 5102 naming notifications it does not send
 * (`MULTICHAIN_NOTIFICATIONS`). An optional scope is granted when its network is connected, with
 * the supported part of its methods and notifications, and left out otherwise. A network both
 * required and optional gets the union. Also fails with 5100 when nothing at all is granted. Pure.
 */
export function grantSession(params: CreateSessionParams, state: State): Result<MultichainGrant> {
  const scopes: Record<CaipNetworkId, ScopeGrant> = {};
  const add = (id: CaipNetworkId, methods: string[], notifications: string[]) => {
    const had = scopes[id] ?? { methods: [], notifications: [] };
    scopes[id] = {
      methods: [...new Set([...had.methods, ...methods])],
      notifications: [...new Set([...had.notifications, ...notifications])],
    };
  };
  for (const [key, scope] of Object.entries(params.requiredScopes ?? {})) {
    const networks = networksOf(state, key, scope);
    const missing = networks.length === 0 ? [key] : networks.filter((id) => !connectedOn(state, id));
    if (missing.length > 0)
      return err(
        MultichainErrorCode.UnsupportedNetworks,
        `Requested networks are not supported: ${missing.map((id) => withElsewhere(state, id)).join(', ')}`,
      );
    for (const id of networks) {
      const namespace = chainNamespaceOf(id);
      const methods = scope.methods.filter((m) => !scopeMethodSupported(namespace, m));
      if (methods.length > 0)
        return err(
          MultichainErrorCode.UnsupportedMethods,
          `Requested methods are not supported on ${id}: ${methods.join(', ')}`,
        );
      const notifications = (scope.notifications ?? []).filter(
        (n) => !(MULTICHAIN_NOTIFICATIONS as readonly string[]).includes(n),
      );
      if (notifications.length > 0)
        return err(
          MultichainErrorCode.UnsupportedNotifications,
          `Requested notifications are not supported on ${id}: ${notifications.join(', ')}`,
        );
      add(id, scope.methods, scope.notifications ?? []);
    }
  }
  for (const [key, scope] of Object.entries(params.optionalScopes ?? {})) {
    for (const id of networksOf(state, key, scope)) {
      if (!connectedOn(state, id)) continue;
      const namespace = chainNamespaceOf(id);
      add(
        id,
        scope.methods.filter((m) => scopeMethodSupported(namespace, m)),
        (scope.notifications ?? []).filter((n) => (MULTICHAIN_NOTIFICATIONS as readonly string[]).includes(n)),
      );
    }
  }
  if (Object.keys(scopes).length === 0)
    return err(
      MultichainErrorCode.UnsupportedNetworks,
      'Requested networks are not supported: no connected wallet on any of them',
    );
  return ok({ scopes, sessionProperties: params.sessionProperties ?? {} });
}

/**
 * The session's scopes now (`sessionScopes` of CAIP-25 / CAIP-312): each granted scope with its
 * methods, notifications and the CAIP-10 accounts of its namespace's connection while that is on
 * the scope's network (`[]` after the wallet disconnected or moved to another network; the
 * accounts come back when it returns). Pure.
 */
export function sessionScopesOf(grant: MultichainGrant | null, state: State): MultichainSession['sessionScopes'] {
  const out: MultichainSession['sessionScopes'] = {};
  for (const [id, scope] of Object.entries(grant?.scopes ?? {}) as [CaipNetworkId, ScopeGrant][]) {
    const connection = scopeConnectionOf(state, chainNamespaceOf(id));
    const accounts = connection?.caipNetworkId === id ? connection.addresses.map((a) => formatCaipAddress(id, a)) : [];
    out[id] = { methods: scope.methods, notifications: scope.notifications, accounts };
  }
  return out;
}

/**
 * May `wallet_invokeMethod` run (CAIP-27)? The connection to route it to, or 4100: no session,
 * a scope the session lacks, a method the scope did not grant, or no connection on the scope's
 * network now. Pure.
 */
export function invokeTarget(
  grant: MultichainGrant | null,
  state: State,
  params: InvokeMethodParams,
): Result<ScopeConnection> {
  if (!grant) return err(ErrorCode.Unauthorized, 'No multichain session: call wallet_createSession first');
  const scope = grant.scopes[params.scope as CaipNetworkId];
  if (!scope) return err(ErrorCode.Unauthorized, `Scope not in the session: ${params.scope}`);
  if (!scope.methods.includes(params.request.method))
    return err(ErrorCode.Unauthorized, `Method not granted in scope ${params.scope}: ${params.request.method}`);
  const connection = scopeConnectionOf(state, chainNamespaceOf(params.scope));
  if (connection?.caipNetworkId !== params.scope)
    return err(ErrorCode.Unauthorized, `No connected wallet on ${params.scope}`);
  return ok(connection);
}
