import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test helper: an HTTP pass-through in front of a real JSON-RPC node (anvil), on 127.0.0.1, that records
 * the methods it forwards and can be switched down (it then answers 503, as a failed or rate-limiting
 * provider does) or slowed (each request held `delayMs` before it is forwarded). It stands in for one of an
 * operator's upstream RPC providers; the chain behind it is real.
 */
export type Upstream = {
  /** Its URL (`http://127.0.0.1:<port>`). */
  url: string;
  /** Methods forwarded so far (one entry per JSON-RPC request, batches flattened). */
  methods: string[];
  /** The requests forwarded so far, method and params (same order as `methods`). */
  requests: { method: string; params: unknown }[];
  /** Sizes of the JSON-RPC batches (array bodies) forwarded so far. */
  batches: number[];
  /** Down: every request gets 503 without reaching the node. */
  setDown: (down: boolean) => void;
  /** Hold each request this long before forwarding it (ms). */
  setDelay: (delayMs: number) => void;
  stop: () => Promise<void>;
};

/** Starts an {@link Upstream} in front of `target`. @throws when it cannot listen. */
export async function startUpstream(target: string): Promise<Upstream> {
  const methods: string[] = [];
  const requests: { method: string; params: unknown }[] = [];
  const batches: number[] = [];
  let down = false;
  let delayMs = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (down) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('upstream down');
        return;
      }
      try {
        type Request = { method?: string; params?: unknown };
        const parsed = JSON.parse(body) as Request | Request[];
        if (Array.isArray(parsed)) batches.push(parsed.length);
        for (const r of Array.isArray(parsed) ? parsed : [parsed]) {
          methods.push(String(r.method));
          requests.push({ method: String(r.method), params: r.params });
        }
      } catch {
        /* forwarded as is */
      }
      const forward = () =>
        fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          .then(async (r) => {
            res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text());
          })
          .catch(() => res.writeHead(502).end());
      if (delayMs > 0) setTimeout(forward, delayMs);
      else void forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    methods,
    requests,
    batches,
    setDown: (value) => {
      down = value;
    },
    setDelay: (value) => {
      delayMs = value;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
