import { createPublicClient, type PublicClient } from 'viem';
import type { Network } from '@airlock/protocol';
import { readTransport } from './transport.ts';

/** Receipt polling interval, ms (local chains mine at once; spec §9 fallback polling is 4 s, we poll faster). */
export const POLLING_INTERVAL_MS = 1_000;

/**
 * Resolves the RPC proxy URL of a chain (CAIP-2 id), or null to read it from the dapp's URL only
 * (`createServedChains` in chain/served.ts; without an API: always null).
 */
export type ProxyUrlOf = (caipNetworkId: string) => Promise<string | null>;

/**
 * A cache of viem public clients for configured eip155 networks, over `readTransport`: the RPC proxy
 * that `proxyUrlOf` names for the network, then `network.rpcUrls.default.http[0]` (the dapp's URL);
 * the dapp's URL alone when there is no proxy URL. Keyed by caipNetworkId and both URLs; one cache per frame.
 */
export function createPublicClients(
  proxyUrlOf: ProxyUrlOf = async () => null,
): (network: Network) => Promise<PublicClient> {
  const clients = new Map<string, PublicClient>();
  return async (network) => {
    const url = network.rpcUrls.default.http[0]!;
    const proxyUrl = await proxyUrlOf(network.caipNetworkId);
    const key = `${network.caipNetworkId} ${url} ${proxyUrl ?? ''}`;
    let client = clients.get(key);
    if (!client) {
      client = createPublicClient({ transport: readTransport(url, proxyUrl), pollingInterval: POLLING_INTERVAL_MS });
      clients.set(key, client);
    }
    return client;
  };
}
