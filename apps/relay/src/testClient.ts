import { generateKeyPair, signJWT, type Keypair } from '@walletconnect/relay-auth';
import { safeJsonParse, safeJsonStringify } from '@walletconnect/safe-json';
import WebSocket from 'ws';

/**
 * A minimal raw relay client for the relay's own tests: signs a relay-auth JWT, opens the socket,
 * sends JSON-RPC requests, records and acknowledges `irn_subscription` pushes.
 * Not used by the relay itself.
 */

/** One `irn_subscription` push as received: `params.data` plus the subscription `id`. */
export type ReceivedMessage = {
  id: string;
  topic: string;
  message: string;
  publishedAt: number;
  tag?: number;
  attestation?: string;
};

/** Options of {@link makeAuthToken}. */
export type AuthTokenOptions = {
  /** JWT `aud`: the relay URL. */
  aud: string;
  /** Signing key pair; default a fresh one. */
  keyPair?: Keypair;
  /** Lifetime in seconds from `iat`; negative makes an expired token. Default 3600. */
  ttl?: number;
  /** Issued-at time, seconds since the epoch; default now. */
  iat?: number;
};

/** Signs a relay-auth JWT exactly as `@walletconnect/core` does (`crypto.signJWT`). */
export async function makeAuthToken(options: AuthTokenOptions): Promise<string> {
  const keyPair = options.keyPair ?? generateKeyPair();
  const iat = options.iat ?? Math.floor(Date.now() / 1000);
  return signJWT('test-session', options.aud, options.ttl ?? 3600, keyPair, iat);
}

/** A connected raw client, see {@link openTestClient}. */
export type TestClient = {
  /** Sends a JSON-RPC request and resolves with its result; rejects with its error object. */
  request: <T = unknown>(method: string, params: unknown) => Promise<T>;
  /** Every `irn_subscription` push received so far, in order. */
  received: ReceivedMessage[];
  /** Resolves with the close code and reason once the socket closed. */
  closed: Promise<{ code: number; reason: string }>;
  /** Closes the socket. */
  close: () => void;
};

/** Options of {@link openTestClient}. */
export type TestClientOptions = {
  /** Local address to connect from (e.g. `127.0.0.2`, another loopback address = another client IP). */
  localAddress?: string;
};

/**
 * Opens `url` with `?auth=<token>&projectId=test` (no `auth` when `token` is null) and resolves
 * once the socket is open. Pushes are acknowledged like the SDK does (`result: true`).
 */
export function openTestClient(
  url: string,
  token: string | null,
  options: TestClientOptions = {},
): Promise<TestClient> {
  const query = new URLSearchParams({ projectId: 'test', ua: 'airlock-relay-test' });
  if (token !== null) query.set('auth', token);
  const socket = new WebSocket(`${url}?${query}`, options.localAddress ? { localAddress: options.localAddress } : {});
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const received: ReceivedMessage[] = [];
  let nextId = 1;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  socket.on('message', (data) => {
    const payload = safeJsonParse(data.toString()) as Record<string, unknown>;
    if (payload.method === 'irn_subscription') {
      const params = payload.params as { id: string; data: Omit<ReceivedMessage, 'id'> };
      received.push({ id: params.id, ...params.data });
      socket.send(safeJsonStringify({ id: payload.id, jsonrpc: '2.0', result: true }));
      return;
    }
    const waiter = pending.get(String(payload.id));
    if (!waiter) return;
    pending.delete(String(payload.id));
    if ('error' in payload) waiter.reject(payload.error);
    else waiter.resolve(payload.result);
  });
  const client: TestClient = {
    request: <T>(method: string, params: unknown) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        pending.set(String(id), { resolve: resolve as (value: unknown) => void, reject });
        socket.send(safeJsonStringify({ id, jsonrpc: '2.0', method, params }));
      }),
    received,
    closed,
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}
