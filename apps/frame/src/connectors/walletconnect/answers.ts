import { ErrorCode, err } from '@airlock/protocol';

// The refusals the session-served namespaces (bip122.ts, cosmos.ts, polkadot.ts) answer alike.

/** 4200: the wallet's WalletConnect session did not grant `method` (the wallet is not asked). */
export const notGranted = (method: string) =>
  err(ErrorCode.UnsupportedMethod, `The wallet's session does not grant ${method}`);

/** -32603: the wallet answered something that is not the method's result shape. */
export const malformed = () => err(ErrorCode.InternalError, 'Wallet returned a malformed answer');

/** 4200's message for an EIP-5792 method the WalletConnect session did not grant. */
export const notGrantedCalls = (method: string) =>
  `The connected wallet does not support ${method} (EIP-5792): its WalletConnect session did not grant it`;
