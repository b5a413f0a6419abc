/**
 * The four JSON-RPC methods of the dapp's multichain session (CAIP-25 `wallet_createSession`,
 * CAIP-312 `wallet_getSession`, CAIP-285 `wallet_revokeSession`, CAIP-27 `wallet_invokeMethod`;
 * the shapes are in `multichain.ts`). Apart, without imports, so the frame's request dispatch can
 * tell them without loading the session's schemas.
 */
export const MULTICHAIN_METHODS = [
  'wallet_createSession',
  'wallet_getSession',
  'wallet_revokeSession',
  'wallet_invokeMethod',
] as const;

/** A method of the multichain session. */
export type MultichainMethod = (typeof MULTICHAIN_METHODS)[number];

/** True when `method` is one of {@link MULTICHAIN_METHODS}. */
export function isMultichainMethod(method: string): method is MultichainMethod {
  return (MULTICHAIN_METHODS as readonly string[]).includes(method);
}
