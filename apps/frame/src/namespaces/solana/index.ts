import type { Namespace } from '../types.ts';
import { solanaProviderEvents } from './events.ts';
import { solanaInfo } from './info.ts';

/** The solana namespace: its router loads on the first Solana request. */
export const solana: Namespace = {
  ...solanaInfo,
  request: async (frame, request) => (await import('./request.ts')).routeSolanaRequest(frame, request),
  providerEvents: solanaProviderEvents,
};
