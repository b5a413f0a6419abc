import type { Namespace } from '../types.ts';
import { eip155ProviderEvents } from './events.ts';
import { eip155Info } from './info.ts';
import { routeEip155Request } from './request.ts';

/** The eip155 (EVM) namespace: EIP-1193 requests (CAIP-2 `eip155:<chain id>`). */
export const eip155: Namespace = {
  ...eip155Info,
  request: routeEip155Request,
  providerEvents: eip155ProviderEvents,
};
