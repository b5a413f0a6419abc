/**
 * @airlock/wagmi: the Airlock widget as a wagmi connector. `airlock({ widget })` (or
 * `airlock({ options })`) goes in `createConfig({ connectors: [...] })`. See docs/sdk.md.
 */
export { AIRLOCK_CONNECTOR_TYPE, AIRLOCK_RDNS, airlock, type AirlockParameters } from './connector.ts';
export type { Connection } from '@airlock/host-sdk';
