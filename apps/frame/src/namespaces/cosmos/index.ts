import { accountProviderEvents } from '../accountEvents.ts';
import type { Namespace } from '../types.ts';
import { cosmosInfo } from './info.ts';

/**
 * The cosmos namespace: the dapp's `getProvider('cosmos')` (its router loads on the first
 * request) and its events: `accountsChanged [bech32 address]`, `chainChanged` to another cosmos
 * network, `disconnect`.
 */
export const cosmos: Namespace = {
  ...cosmosInfo,
  request: async (frame, request) => (await import('./request.ts')).routeCosmosRequest(frame, request),
  providerEvents: accountProviderEvents('cosmos', true),
};
