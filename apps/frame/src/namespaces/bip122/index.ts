import { accountProviderEvents } from '../accountEvents.ts';
import type { Namespace } from '../types.ts';
import { bip122Info } from './info.ts';

/**
 * The bip122 (Bitcoin) namespace: the dapp's `getProvider('bip122')` (its router loads on the
 * first request) and its events: `accountsChanged [payment address]`, `chainChanged` to another
 * bip122 network, `disconnect`.
 */
export const bip122: Namespace = {
  ...bip122Info,
  request: async (frame, request) => (await import('./request.ts')).routeBip122Request(frame, request),
  providerEvents: accountProviderEvents('bip122', true),
};
