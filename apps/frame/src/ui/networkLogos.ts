/*
 * The well-known networks' marks, shared with the embedded wallet's secure frame through the workspace
 * package @airlock/network-logos; the frame builds them as its own assets (same origin).
 */
export { NETWORK_LOGOS, type NetworkLogo, networkHue, networkLogo } from '@airlock/network-logos';
