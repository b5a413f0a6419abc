import { accountProviderEvents } from '../accountEvents.ts';
import type { Namespace } from '../types.ts';
import { polkadotInfo } from './info.ts';

/**
 * The polkadot namespace: the dapp's `getProvider('polkadot')` (its router loads on the first
 * request) and its events: `accountsChanged [SS58 address]` (the network's format),
 * `chainChanged` to another polkadot network, `disconnect`.
 */
export const polkadot: Namespace = {
  ...polkadotInfo,
  request: async (frame, request) => (await import('./request.ts')).routePolkadotRequest(frame, request),
  providerEvents: accountProviderEvents('polkadot', true),
};
