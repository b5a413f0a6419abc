import { createPublicClient, http, type PublicClient } from 'viem';
import { Timeout, type Network } from '@airlock/protocol';

/** Receipt polling interval, ms (local chains mine at once; spec §9 fallback polling is 4 s, we poll faster). */
export const POLLING_INTERVAL_MS = 1_000;

const clients = new Map<string, PublicClient>();

/**
 * The viem public client for a configured eip155 network: http transport on
 * `network.rpcUrls.default.http[0]`, request timeout Timeout.read (10 000 ms,
 * spec §9 default RPC timeout). Cached per caipNetworkId and URL.
 */
export function getPublicClient(network: Network): PublicClient {
  const url = network.rpcUrls.default.http[0]!;
  const key = `${network.caipNetworkId} ${url}`;
  let client = clients.get(key);
  if (!client) {
    client = createPublicClient({
      transport: http(url, { timeout: Timeout.read, retryCount: 1 }),
      pollingInterval: POLLING_INTERVAL_MS,
    });
    clients.set(key, client);
  }
  return client;
}
