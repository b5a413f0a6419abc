/**
 * Which chains the frame reads through the provider API's RPC proxy (spec §7 "RPC", `POST {apiUrl}/v1/`): the
 * chains the frame's deployment API lists in `GET /v1/supported-chains` (eip155 and Solana). No viem here, so a
 * Solana read does not load it.
 */

/** How long the frame waits for `GET /v1/supported-chains`, ms (short: every first read of a chain waits on it). */
export const SUPPORTED_CHAINS_TIMEOUT_MS = 3_000;

/** After a failed `/v1/supported-chains` lookup, the frame reads without the proxy this long, ms, then asks again. */
export const SUPPORTED_CHAINS_RETRY_MS = 30_000;

/** The provider API a frame reads chains through: its base URL (deployment `apiUrl`) and the project id. */
export type ProxyRoute = {
  /** Base URL of the provider API, e.g. `https://api.example.com` (deployment `apiUrl`, trusted). */
  apiUrl: string;
  /** FrameConfig.projectId, sent as `projectId` (the API's project check and rate limits). */
  projectId: string;
};

/**
 * The RPC proxy URL of `caipNetworkId` (CAIP-2) at `route`: `{apiUrl}/v1/?chainId={caip}&projectId={id}`
 * (spec §7), the query encoded. Pure.
 */
export function proxyRpcUrl(route: ProxyRoute, caipNetworkId: string): string {
  const target = new URL('v1/', route.apiUrl.endsWith('/') ? route.apiUrl : `${route.apiUrl}/`);
  target.searchParams.set('chainId', caipNetworkId);
  target.searchParams.set('projectId', route.projectId);
  return target.toString();
}

/** What {@link createServedChains} needs (tests pass a fake fetch and clock). */
export type ServedChainsOptions = ProxyRoute & {
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Defaults to Date.now. */
  now?: () => number;
};

/**
 * The chains the API's proxy serves, asked once per frame: `GET {apiUrl}/v1/supported-chains?projectId=`
 * (spec §7, `{ http: string[] }` of CAIP-2 ids), within {@link SUPPORTED_CHAINS_TIMEOUT_MS}. The returned
 * function resolves to the proxy URL of a chain in that list and to null for any other chain, so a chain the
 * API does not serve never costs the visitor a failed request. When the lookup fails (network error, HTTP
 * error, timeout, an answer of another shape) it resolves to null for every chain, and asks again after
 * {@link SUPPORTED_CHAINS_RETRY_MS}. Never rejects.
 */
export function createServedChains(options: ServedChainsOptions): (caipNetworkId: string) => Promise<string | null> {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? Date.now;
  let served: Promise<ReadonlySet<string> | null> | null = null;
  let failedAt = 0;

  const lookup = async (): Promise<ReadonlySet<string> | null> => {
    try {
      const target = new URL(
        'v1/supported-chains',
        options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`,
      );
      target.searchParams.set('projectId', options.projectId);
      const response = await doFetch(target.toString(), { signal: AbortSignal.timeout(SUPPORTED_CHAINS_TIMEOUT_MS) });
      if (!response.ok) return null;
      const body = (await response.json()) as { http?: unknown };
      if (!Array.isArray(body?.http)) return null;
      return new Set(body.http.filter((id): id is string => typeof id === 'string'));
    } catch {
      return null;
    }
  };

  return async (caipNetworkId) => {
    if (!served || (failedAt && now() - failedAt >= SUPPORTED_CHAINS_RETRY_MS)) {
      failedAt = 0;
      served = lookup().then((set) => {
        if (!set) failedAt = now();
        return set;
      });
    }
    const set = await served;
    return set?.has(caipNetworkId) ? proxyRpcUrl(options, caipNetworkId) : null;
  };
}
