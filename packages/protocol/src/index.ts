/**
 * @airlock/protocol: the host-frame contract. Read `PROTOCOL.md` (generated
 * from these schemas) for the audited description.
 */
export * from './codes.ts';
export * from './result.ts';
export * from './cancel.ts';
export * from './errors.ts';
export * from './chainId.ts';
export * from './rpcMethods.ts';
export * from './caip.ts';
export * from './address.ts';
export * from './origin.ts';
export * from './refusal.ts';
export * from './namespace.ts';
export * from './schemas.ts';
export * from './connections.ts';
export * from './events.ts';
export * from './methods.ts';
export * from './validate.ts';
export * from './serve.ts';
export * from './listing.ts';
export * from './apiResponses.ts';
export * from './preferences.ts';
export * from './embedded.ts';
export * from './embeddedMethods.ts';
export * from './siwx.ts';
export * from './solana.ts';
export * from './multichainMethods.ts';
export * from './loginErrors.ts';
