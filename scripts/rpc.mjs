// One JSON-RPC call over HTTP, shared by the dev stack, the dev-asset deployment and the bench.

/**
 * One JSON-RPC call over HTTP.
 * @param {string} url
 * @param {string} method
 * @param {unknown[]} [params]
 * @returns {Promise<unknown>} the `result`
 * @throws {Error} on a network error or a JSON-RPC error
 */
export async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = /** @type {{ result?: unknown, error?: { message: string } }} */ (await response.json());
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
