/**
 * WebSocket close codes the relay sends besides 4001 (refused token, see `auth.ts`).
 *
 * `@walletconnect/jsonrpc-provider` (the transport of `@walletconnect/core` 2.25) treats only close
 * code 3000 as fatal (the relayer then never reconnects); every other code is a plain disconnect
 * after which the relayer reconnects with back-off and a fresh token. Both codes below are
 * standard (RFC 6455 §7.4.1, IANA registry) and therefore retryable for WalletConnect clients: a
 * real client that somehow hit a limit comes back; a flooder that comes back meets the same
 * per-address quotas.
 */

/** 1008 Policy Violation: the socket collected more refused requests than `refusalsBeforeClose`. */
export const FLOOD_CLOSE_CODE = 1008;

/** 1013 Try Again Later: the address already has `maxConnectionsPerIp` open sockets. */
export const TRY_AGAIN_LATER_CLOSE_CODE = 1013;
