/**
 * The boot's requests that `public/boot-prefetch.js` started before the frame's main script ran
 * (deployment.json and the allowed-origins call): a `fetch` that answers a request with the
 * prefetched response when its URL is exactly the one prefetched and it is a plain GET, once per
 * response, and otherwise fetches as usual. What the response says is validated by the caller as
 * for any fetch (loadDeployment, the API client's schema), so a prefetch can only save time.
 */

/** One prefetched request: its URL and the pending response. */
export type Prefetched = { url: string; response: Promise<Response> };

/** Rejects when `signal` aborts (the caller's timeout), else settles as `response` does. */
function withSignal(response: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return response;
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    response.then(resolve, reject);
  });
}

/**
 * A `fetch` serving the prefetched responses of `list` (each at most once; taken out of the list),
 * falling back to `fallback` (the global fetch) for everything else.
 * @param list the prefetched requests (`window.__airlockBootPrefetch`, or none)
 */
export function prefetchedFetch(
  list: Prefetched[] | undefined,
  fallback: typeof fetch = (i, o) => fetch(i, o),
): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const plain = (init?.method ?? 'GET') === 'GET' && init?.body == null;
    const index = plain && list ? list.findIndex((p) => p.url === url) : -1;
    if (index < 0 || !list) return fallback(input, init);
    const [taken] = list.splice(index, 1);
    return withSignal(taken!.response, init?.signal);
  };
}

/** The prefetched requests of this window (`public/boot-prefetch.js`), or undefined without it. */
export function bootPrefetches(): Prefetched[] | undefined {
  const list = (window as unknown as { __airlockBootPrefetch?: unknown }).__airlockBootPrefetch;
  return Array.isArray(list) ? (list as Prefetched[]) : undefined;
}
