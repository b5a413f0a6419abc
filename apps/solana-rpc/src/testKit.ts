/** Helpers shared by this app's tests (not part of the package's exports). */

/**
 * Resolves with the promise's value, or rejects after `ms` naming what was awaited.
 * @throws Error `timed out after <ms> ms waiting for <what>`
 */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** POSTs a raw body to the RPC and returns the HTTP status and parsed JSON (or `undefined` for an empty body). */
export async function postRaw(url: string, body: string): Promise<{ status: number; json: any }> {
  const response = await within(
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    5_000,
    'the RPC response',
  );
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** One JSON-RPC call; returns the whole response object. */
export const call = (url: string, method: string, params?: unknown) =>
  postRaw(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) })).then(
    (r) => r.json,
  );

/**
 * Polls `condition` every 10 ms until it holds.
 * @throws Error `timed out after <ms> ms waiting for <what>`
 */
export async function waitFor(condition: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
