import type { RequestArguments } from '../provider.ts';

/** A CAIP-25 scope the dapp asks for: the methods and notifications it wants; a namespace key may name its `references`. */
export type MultichainScope = {
  methods: string[];
  notifications?: string[];
  references?: string[];
  accounts?: string[];
};

/** A granted scope (`sessionScopes` value): the granted methods and notifications, the visitor's CAIP-10 accounts on it. */
export type MultichainSessionScope = {
  methods: string[];
  notifications: string[];
  accounts: `${string}:${string}:${string}`[];
};

/** The session: granted scopes keyed by CAIP-2 id (`eip155:1`, `solana:5eyk…`), and the dapp's `sessionProperties`. */
export type MultichainSession = {
  sessionScopes: Record<string, MultichainSessionScope>;
  sessionProperties?: Record<string, unknown>;
};

/**
 * A notification of the session: `wallet_sessionChanged` (CAIP-311, the scopes after a change;
 * `{}` after `revokeSession`) or `wallet_notify` (CAIP-319, e.g. `accountsChanged` of a scope that
 * granted it).
 */
export type MultichainNotification =
  | { method: 'wallet_sessionChanged'; params: { sessionScopes: MultichainSession['sessionScopes'] } }
  | { method: 'wallet_notify'; params: { scope: string; notification: { method: string; params: unknown } } };

/**
 * The dapp's multichain client (`getMultichainClient(widget)` with the {@link multichain} extension),
 * the shape of MetaMask's Multichain API client. Every call rejects with a ProviderRpcError: 4001
 * the visitor closed the modal, 4100 a scope or method the session did not grant (or no wallet on
 * that network now), 5100 / 5101 / 5102 a required scope the visitor's connections cannot meet
 * (networks, methods, notifications; CAIP-25), -32602 malformed params.
 */
export type MultichainClient = {
  /**
   * `wallet_createSession` (CAIP-25): one session over the visitor's connections (the modal opens
   * on Connect first when there is none). Required scopes must all be met; optional ones are
   * granted when the visitor has a wallet on that network, with the methods it serves. Replaces
   * an earlier session.
   */
  createSession(params: {
    requiredScopes?: Record<string, MultichainScope>;
    optionalScopes?: Record<string, MultichainScope>;
    sessionProperties?: Record<string, unknown>;
  }): Promise<MultichainSession>;
  /** `wallet_getSession` (CAIP-312): the session's scopes now (`{}` without a session). */
  getSession(): Promise<{ sessionScopes: MultichainSession['sessionScopes'] }>;
  /** `wallet_revokeSession` (CAIP-285): ends the session; resolves `true`. */
  revokeSession(): Promise<boolean>;
  /** `wallet_invokeMethod` (CAIP-27): `request` on the wallet of `scope` (a CAIP-2 id the session granted). */
  invokeMethod(params: { scope: string; request: RequestArguments }): Promise<unknown>;
  /** Calls `listener` with every notification of the session; returns the remover. */
  onNotification(listener: (notification: MultichainNotification) => void): () => void;
};

/**
 * Makes the {@link MultichainClient} on the frame's `request` (`ask`: the JSON-RPC method and its
 * params, answered or rejected with a ProviderRpcError) and the listeners of `multichain.notify`.
 */
export const createMultichainClient = (
  ask: (args: RequestArguments) => Promise<never>,
  listeners: Set<(n: MultichainNotification) => void>,
): MultichainClient => ({
  createSession: (params) => ask({ method: 'wallet_createSession', params }),
  getSession: () => ask({ method: 'wallet_getSession' }),
  revokeSession: () => ask({ method: 'wallet_revokeSession' }),
  invokeMethod: (params) => ask({ method: 'wallet_invokeMethod', params }),
  onNotification: (l) => (listeners.add(l), () => listeners.delete(l)),
});
