/**
 * `@airlock/relay`: a WalletConnect-compatible relay (irn protocol, sign-client 2.25) for local
 * development and self-hosting. See README.md.
 */
export { startRelay, type Relay, type RelayOptions } from './server.ts';
export { UNAUTHORIZED_CLOSE_CODE, verifyRelayAuth, normalizeRelayUrl, type RelayAuthResult } from './auth.ts';
export { defaultRelayLimits, subscriptionId, type RelayLimits } from './relayCore.ts';
