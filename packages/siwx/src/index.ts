/**
 * `@airlock/siwx`: server-side verification of Airlock sign-in sessions (docs/siwx.md):
 * a session token (JWT, ES256, against the provider API's JWKS) with {@link verifySessionToken},
 * or a raw EIP-4361 / CAIP-122 message and signature with {@link verifySiwxMessage}.
 * `@airlock/siwx/message` holds the message format alone (no jose), for browsers.
 */
export * from './message.ts';
export * from './verify.ts';
export * from './token.ts';
export * from './cacao.ts';
