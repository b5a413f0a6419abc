/**
 * `@airlock/relay`: a WalletConnect-compatible relay (irn protocol, sign-client 2.25) for local
 * development and self-hosting. See README.md.
 */
export { startRelay, type Relay, type RelayOptions, type RelayStats } from './server.ts';
export { UNAUTHORIZED_CLOSE_CODE, verifyRelayAuth, normalizeRelayUrl, type RelayAuthResult } from './auth.ts';
export { FLOOD_CLOSE_CODE, TRY_AGAIN_LATER_CLOSE_CODE } from './closeCodes.ts';
export { defaultRelayLimits, limitEnvName, limitsFromEnv, type RelayLimits } from './limits.ts';
export { subscriptionId } from './relayCore.ts';
