import { createPublicClient, http, type PublicClient } from 'viem';
import { Timeout, type Network } from '@airlock/protocol';

/** Receipt polling interval, ms (local chains mine at once; spec §9 fallback polling is 4 s, we poll faster). */
export const POLLING_INTERVAL_MS = 1_000;

/**
 * A cache of viem public clients for configured eip155 networks: http transport on
 * `network.rpcUrls.default.http[0]`, request timeout Timeout.read (10 000 ms, spec §9
 * default RPC timeout). Keyed by caipNetworkId and URL; one cache per frame.
 */
export function createPublicClients(): (network: Network) => PublicClient {
  const clients = new Map<string, PublicClient>();
  return (network) => {
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
  };
}
