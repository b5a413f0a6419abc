import { request as httpRequest } from 'node:http';

/** What a test client sees of a response: status, headers (lower-case names) and the parsed JSON body (text when not JSON). */
export type ClientResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: unknown };

/** One request of {@link call}. */
export type ClientRequest = {
  /** Loopback source address to connect from (`127.0.0.2`, `127.0.0.3` …): each is a different client IP to the server. */
  from?: string;
  /** Default GET, or POST when `body` is given. */
  method?: string;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
};

/**
 * Sends one HTTP request to `base + path` over a real socket (node:http, no
 * keep-alive), optionally from a chosen loopback source address so tests can
 * play several clients with distinct IPs against one server on 127.0.0.1.
 * @throws on connection errors.
 */
export function call(base: string, path: string, options: ClientRequest = {}): Promise<ClientResponse> {
  const url = new URL(path, base);
  const payload =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? (payload !== undefined ? 'POST' : 'GET'),
        headers,
        localAddress: options.from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Calls `send` until it answers `status` (at most `max` times).
 * @returns how many calls it took, including the one that answered `status`.
 * @throws Error when `status` never came.
 */
export async function callUntil(
  status: number,
  max: number,
  send: (i: number) => Promise<ClientResponse>,
): Promise<number> {
  for (let i = 0; i < max; i++) if ((await send(i)).status === status) return i + 1;
  throw new Error(`no ${status} in ${max} calls`);
}
