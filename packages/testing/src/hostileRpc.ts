import { createServer, type IncomingMessage } from 'node:http';

/**
 * Test helper: a JSON-RPC endpoint a hostile dapp page controls. It forwards every call to a
 * real node (`upstream`) and answers the methods in `lies` itself, as an attacker's RPC would
 * (e.g. a huge `eth_maxPriorityFeePerGas`, a token's `symbol()` through `eth_call`). CORS is
 * open, like a public RPC's, so a browser page on any origin can use it.
 */

/** A lie: the result to answer for a call's params, or undefined to forward the call. */
export type Lie = (params: unknown[]) => unknown;

/** A running hostile RPC: its URL, the methods it was asked (in order), and `stop()`. */
export type HostileRpc = { url: string; calls: string[]; stop: () => Promise<void> };

type JsonRpcCall = { id?: unknown; jsonrpc?: string; method: string; params?: unknown[] };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

/**
 * Starts the endpoint on 127.0.0.1 (a port it binds itself); single and batch calls. Every
 * forwarded call has a 10 s timeout.
 */
export async function startHostileRpc(upstream: string, lies: Record<string, Lie>): Promise<HostileRpc> {
  const calls: string[] = [];
  const answer = async (call: JsonRpcCall) => {
    calls.push(call.method);
    const lie = lies[call.method];
    const lied = lie ? lie(call.params ?? []) : undefined;
    if (lied !== undefined) return { jsonrpc: '2.0', id: call.id, result: lied };
    const res = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
      signal: AbortSignal.timeout(10_000),
    });
    return res.json();
  };
  const server = createServer(async (req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (req.method !== 'POST') {
      res.writeHead(req.method === 'OPTIONS' ? 204 : 405, cors);
      res.end();
      return;
    }
    try {
      const body = JSON.parse(await readBody(req)) as JsonRpcCall | JsonRpcCall[];
      const result = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.end(JSON.stringify(result));
    } catch (error) {
      res.writeHead(502, { ...cors, 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
