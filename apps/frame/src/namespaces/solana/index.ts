import type { Namespace } from '../types.ts';
import { solanaProviderEvents } from './events.ts';

/** The solana namespace (CAIP-2 `solana:<genesis hash prefix>`); its router loads on the first Solana request. */
export const solana: Namespace = {
  name: 'solana',
  request: async (frame, request) => (await import('./request.ts')).routeSolanaRequest(frame, request),
  providerEvents: solanaProviderEvents,
};
