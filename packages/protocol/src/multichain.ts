import { z } from 'zod/mini';
import { isBip122RequestMethod } from './bip122Wallets.ts';
import { isCaipNetworkId, type CaipAddress, type CaipNetworkId } from './caip.ts';
import { isCosmosRequestMethod } from './cosmosWallets.ts';
import type { MethodSpec } from './methodSpec.ts';
import { ChainNamespaceSchema, type ChainNamespace } from './namespace.ts';
import { isPolkadotRequestMethod } from './polkadotWallets.ts';
import { methodPolicy } from './rpcMethods.ts';
import { RpcRequestSchema } from './schemas.ts';
import { isSolanaRequestMethod } from './solana.ts';

/**
 * One multichain session for the dapp (CAIP-25 `wallet_createSession`, CAIP-27
 * `wallet_invokeMethod`, CAIP-312 `wallet_getSession`, CAIP-285 `wallet_revokeSession`, CAIP-311
 * `wallet_sessionChanged`), with the field names of MetaMask's Multichain API. The four methods
 * travel in the frame's `request` (any chain namespace; the host's multichain entry names `eip155`
 * for all four) and are answered by the
 * frame's session module, never by a namespace router; the notification reaches the host's
 * `multichain.notify` (the opt-in `@airlock/host-sdk/multichain` entry).
 */

export * from './multichainMethods.ts';

/**
 * Error codes of CAIP-25 (the session could not be made as asked) beside EIP-1193's: 5100 a
 * required scope names networks the visitor has no connection on, 5101 a required scope names
 * methods the widget does not serve, 5102 notifications it does not send, 5302 malformed
 * `sessionProperties`. `wallet_invokeMethod` answers EIP-1193's 4100 for a scope or method
 * the session did not grant.
 */
export const MultichainErrorCode = {
  UnsupportedNetworks: 5100,
  UnsupportedMethods: 5101,
  UnsupportedNotifications: 5102,
  InvalidSessionProperties: 5302,
} as const;

const Name = z.string().check(z.minLength(1), z.maxLength(128));

/** A scope key: a CAIP-2 network id (`eip155:1`) or a chain namespace alone (`eip155`, then with `references`). */
export const ScopeKeySchema = z.string().check(
  z.refine((key) => ChainNamespaceSchema.safeParse(key).success || isCaipNetworkId(key), {
    error: 'Invalid scope: not a CAIP-2 network id or chain namespace',
  }),
);

/**
 * A requested scope (CAIP-25 "scope object"): the `methods` and `notifications` the dapp wants
 * on it, for a namespace key the CAIP-2 `references` it means, and optionally the `accounts` it
 * proposes (CAIP-10; informative only: the frame answers with the visitor's own).
 */
export const ScopeObjectSchema = z.object({
  references: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(32))).check(z.maxLength(64))),
  methods: z.array(Name).check(z.maxLength(128)),
  notifications: z.optional(z.array(Name).check(z.maxLength(64))),
  accounts: z.optional(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(64))),
});

/** A requested scope. */
export type ScopeObject = z.infer<typeof ScopeObjectSchema>;

/** Scopes by key (at most 32). */
export const ScopesSchema = z
  .record(ScopeKeySchema, ScopeObjectSchema)
  .check(z.refine((s) => Object.keys(s).length <= 32, { error: 'At most 32 scopes' }));

/** Params of `wallet_createSession` (CAIP-25): `requiredScopes`, `optionalScopes`, `sessionProperties`. */
export const CreateSessionParamsSchema = z.object({
  requiredScopes: z.optional(ScopesSchema),
  optionalScopes: z.optional(ScopesSchema),
  sessionProperties: z.optional(
    z
      .record(z.string().check(z.maxLength(64)), z.unknown())
      .check(z.refine((p) => JSON.stringify(p).length <= 4096, { error: 'sessionProperties too large' })),
  ),
});

/** Params of `wallet_createSession`. */
export type CreateSessionParams = z.infer<typeof CreateSessionParamsSchema>;

/** Params of `wallet_invokeMethod` (CAIP-27): the CAIP-2 `scope` and the JSON-RPC `request` for it. */
export const InvokeMethodParamsSchema = z.object({
  scope: z.string().check(z.refine(isCaipNetworkId, { error: 'Invalid scope: not a CAIP-2 network id' })),
  request: RpcRequestSchema,
});

/** Params of `wallet_invokeMethod`. */
export type InvokeMethodParams = z.infer<typeof InvokeMethodParamsSchema>;

/** Params of `wallet_getSession` and `wallet_revokeSession`: none (an empty object or array is accepted). */
export const NoSessionParamsSchema = z.optional(z.union([z.object({}), z.array(z.unknown()).check(z.maxLength(0))]));

/** A granted scope (CAIP-25 `sessionScopes` value): the methods and notifications granted, the visitor's accounts (CAIP-10). */
export type SessionScope = { methods: string[]; notifications: string[]; accounts: CaipAddress[] };

/**
 * The session (the answer of `wallet_createSession` and `wallet_getSession`, CAIP-25 / CAIP-312):
 * granted scopes keyed by CAIP-2 id; `sessionProperties` as the dapp proposed them (empty object
 * when none). `wallet_getSession` without a session answers `{ sessionScopes: {} }`.
 */
export type MultichainSession = {
  sessionScopes: Record<CaipNetworkId, SessionScope>;
  sessionProperties?: Record<string, unknown>;
};

/** The `wallet_sessionChanged` notification (CAIP-311): the session's scopes after a change (`{}` once revoked). */
export type SessionChangedNotification = {
  method: 'wallet_sessionChanged';
  params: { sessionScopes: MultichainSession['sessionScopes'] };
};

/**
 * The notifications a scope may grant, the same for every namespace: `accountsChanged` (the
 * frame sends it as CAIP-319 `wallet_notify` `{ scope, notification: { method: 'accountsChanged',
 * params: [addresses] } }` when that scope's accounts change).
 */
export const MULTICHAIN_NOTIFICATIONS = ['accountsChanged'] as const;

/** What the frame sends the host's `multichain.notify`: `wallet_sessionChanged` or `wallet_notify`. */
export type MultichainNotification =
  | SessionChangedNotification
  | {
      method: 'wallet_notify';
      params: { scope: CaipNetworkId; notification: { method: string; params: unknown } };
    };

/**
 * True when the dapp provider of `namespace` serves `method` (its router's table: eip155 the
 * method-policy table, the others their `…RequestParamsSchemas`), so a scope may grant it. The
 * network switch and chain-adding methods are left out: a scope names its network.
 */
export function scopeMethodSupported(namespace: ChainNamespace, method: string): boolean {
  switch (namespace) {
    case 'eip155':
      return (
        !!methodPolicy(method) &&
        !['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_requestAccounts'].includes(method)
      );
    case 'solana':
      return isSolanaRequestMethod(method) && method !== 'solana_requestAccounts' && method !== 'solana_disconnect';
    case 'cosmos':
      return isCosmosRequestMethod(method) && method !== 'cosmos_requestAccounts';
    case 'polkadot':
      return isPolkadotRequestMethod(method) && method !== 'polkadot_requestAccounts';
    case 'bip122':
      return isBip122RequestMethod(method) && method !== 'requestAccounts';
  }
}

const NotificationSchema = z.union([
  z.object({
    method: z.literal('wallet_sessionChanged'),
    params: z.object({ sessionScopes: z.record(z.string(), z.unknown()) }),
  }),
  z.object({
    method: z.literal('wallet_notify'),
    params: z.object({ scope: z.string(), notification: z.object({ method: z.string(), params: z.unknown() }) }),
  }),
]);

/** The host's methods with its opt-in multichain entry (`@airlock/host-sdk/multichain`). */
export const multichainHostMethods = {
  'multichain.notify': {
    summary:
      "A notification of the dapp's multichain session: `wallet_sessionChanged` (CAIP-311, `{ sessionScopes }`, `{}` after a revoke; a scope whose wallet disconnected or left its network keeps `accounts: []`) or `wallet_notify` (CAIP-319, a granted notification of one scope). Sent only while a session exists.",
    params: z.tuple([NotificationSchema]),
    paramNames: ['notification'],
    result: z.null(),
    errors: {},
    timeout: '10000',
  },
} satisfies Record<string, MethodSpec>;
