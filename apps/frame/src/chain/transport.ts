import { fallback, http, type Transport } from 'viem';
import { Timeout } from '@airlock/protocol';

/**
 * Where the frame's eip155 chain reads go (spec §7 "RPC"): through the provider API's RPC proxy
 * (`POST {apiUrl}/v1/?chainId={caip}&projectId={id}`, the operator's upstreams with fallback and ranking)
 * when the frame's deployment has an API that serves the chain, and the dapp's own RPC URL after it (or
 * alone without an API, or for a chain the API does not serve). The API comes from the frame's deployment,
 * never from the page; the page chooses only its networks and their RPC URLs. Which chains the API serves:
 * chain/served.ts (Solana reads use it too, chain/solana.ts).
 */

/**
 * The viem transport of one network's reads: `http(dappUrl)` alone when `proxyUrl` is null, else
 * `fallback([http(proxyUrl), http(dappUrl)])`: the proxy first, the dapp's URL when the proxy fails
 * (network error, HTTP error, timeout, an RPC error other than a revert or a refusal by the user).
 * Each http transport times out after Timeout.read (10 000 ms, spec §9) and the whole read is retried
 * once. No `rank`: ranking pings every transport on a timer, which a visitor's browser should not do;
 * the API ranks its own upstreams.
 */
export function readTransport(dappUrl: string, proxyUrl: string | null): Transport {
  if (!proxyUrl) return http(dappUrl, { timeout: Timeout.read, retryCount: 1 });
  return fallback([http(proxyUrl, { timeout: Timeout.read }), http(dappUrl, { timeout: Timeout.read })], {
    retryCount: 1,
  });
}
