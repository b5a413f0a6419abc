export { startFarcasterRelay, type FarcasterRelay, type FarcasterRelayOptions } from './relay.ts';
export { installDevRegistry, REGISTRY_RUNTIME_CODE } from './registry.ts';
export { DEV_CUSTODY_KEY, DEV_DISPLAY_NAME, DEV_FID, DEV_USERNAME, ID_REGISTRY, devCustody } from './dev.ts';
