import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { UNAUTHORIZED_CLOSE_CODE, verifyRelayAuth } from './auth.ts';
import { formatError, formatResult, parseFrame, RpcError, rpcErrorCodes, type IncomingFrame } from './jsonRpc.ts';
import { createRelayCore, defaultRelayLimits, type RelayClient, type RelayLimits } from './relayCore.ts';

/** Options of {@link startRelay}. Every limit not given takes its {@link defaultRelayLimits} value. */
export type RelayOptions = Partial<RelayLimits> & {
  /** TCP port; default 8555 (dev). 0 picks a free port (tests). */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /**
   * Extra relay URLs accepted as the JWT `aud`, e.g. the public `wss://relay.example.com` behind a
   * TLS proxy. Always accepted besides these: the returned `url`, and `ws://` / `wss://` plus the
   * `Host` header and path the socket was opened with (the URL the client reached).
   */
  audiences?: string[];
  /** Interval between WebSocket pings, ms; default 25 000 (the SDK drops a socket after 35 s without one). */
  pingIntervalMs?: number;
  /** Interval between sweeps of expired messages, ms; default 60 000. */
  sweepIntervalMs?: number;
  /** Clock in ms since the epoch (injectable for ttl tests); default `Date.now`. */
  now?: () => number;
  /** Log sink, one line per event; default `console.log`. */
  log?: (line: string) => void;
};

/** A running relay returned by {@link startRelay}. */
export type Relay = {
  /** `ws://host:port` the relay listens on; use it as the WalletConnect `relayUrl`. */
  url: string;
  /** Closes every socket (terminate) and the listening server; resolves when the port is free. */
  close: () => Promise<void>;
  /** Current counters: stored messages and their bytes, open sockets. */
  stats: () => { storedBytes: number; storedMessages: number; connections: number };
};

/** Largest close reason in bytes a close frame can carry (RFC 6455 §5.5: 125-byte payload − 2-byte code). */
const maxCloseReasonBytes = 123;

const formatHostForUrl = (host: string): string => {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
};

const toFrame = (data: RawData, isBinary: boolean): IncomingFrame =>
  isBinary
    ? { kind: 'invalid', id: null, error: { code: rpcErrorCodes.invalidRequest, message: 'Binary frames are not supported' } }
    : parseFrame(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'));

const truncateReason = (reason: string): string => {
  let text = reason;
  while (Buffer.byteLength(text) > maxCloseReasonBytes) text = text.slice(0, -1);
  return text;
};

/**
 * Starts the WalletConnect-compatible relay (irn protocol over WebSocket, JSON-RPC 2.0).
 *
 * Sockets must open with `?auth=<relay-auth JWT>` (see `verifyRelayAuth`); a missing or invalid
 * token gets close code {@link UNAUTHORIZED_CLOSE_CODE} (4001), on which the SDK reconnects with a
 * fresh token. Every socket gets a WebSocket ping every `pingIntervalMs`; one that has not answered
 * the previous ping is terminated.
 *
 * Resolves once listening; rejects with the `listen` error (e.g. `EADDRINUSE`).
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.log(line));
  const limits: RelayLimits = {
    maxMessagesPerTopic: options.maxMessagesPerTopic ?? defaultRelayLimits.maxMessagesPerTopic,
    maxMessages: options.maxMessages ?? defaultRelayLimits.maxMessages,
    maxMessageBytes: options.maxMessageBytes ?? defaultRelayLimits.maxMessageBytes,
    maxTtlSeconds: options.maxTtlSeconds ?? defaultRelayLimits.maxTtlSeconds,
  };
  const core = createRelayCore({ ...limits, now, log });

  const httpServer = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' });
    response.end('Airlock relay: connect with a WebSocket (WalletConnect irn protocol).\n');
  });
  // An envelope is JSON-wrapped with topic, ttl and tags: allow room beyond the message itself.
  const wss = new WebSocketServer({ server: httpServer, maxPayload: limits.maxMessageBytes * 2 + 64 * 1024 });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 8555, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  const url = `ws://${formatHostForUrl(host)}:${port}`;

  const alive = new WeakMap<WebSocket, boolean>();

  const handleFrame = (socket: WebSocket, client: RelayClient, frame: IncomingFrame): void => {
    if (frame.kind === 'response') {
      core.handleAck(client, frame.id);
      return;
    }
    if (frame.kind === 'invalid') {
      socket.send(formatError(frame.id, frame.error));
      return;
    }
    const { request } = frame;
    const id = request.id ?? null;
    try {
      const outcome = core.handleRequest(client, request);
      if (request.id !== undefined) socket.send(formatResult(id, outcome.result));
      outcome.then?.();
    } catch (error) {
      const rpcError =
        error instanceof RpcError
          ? error
          : new RpcError(rpcErrorCodes.internalError, `Internal error: ${(error as Error).message}`);
      if (!(error instanceof RpcError)) log(`relay: ${request.method} failed: ${(error as Error).stack ?? String(error)}`);
      if (request.id !== undefined) socket.send(formatError(id, { code: rpcError.code, message: rpcError.message }));
    }
  };

  const onConnection = async (socket: WebSocket, request: IncomingMessage): Promise<void> => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('error', (error) => log(`relay: socket error: ${error.message}`));

    // Frames that arrive while the token is being verified wait here.
    const queued: IncomingFrame[] = [];
    let client: RelayClient | undefined;
    socket.on('message', (data, isBinary) => {
      const frame = toFrame(data, isBinary);
      if (client) handleFrame(socket, client, frame);
      else queued.push(frame);
    });

    const requestUrl = new URL(request.url ?? '/', 'ws://relay.invalid');
    const reachedAt = `${request.headers.host ?? ''}${requestUrl.pathname}`;
    const audiences = [url, `ws://${reachedAt}`, `wss://${reachedAt}`, ...(options.audiences ?? [])];
    const auth = await verifyRelayAuth(requestUrl.searchParams.get('auth'), { audiences, now: now() });
    if (!auth.ok) {
      log(`relay: refused connection from ${request.socket.remoteAddress ?? 'unknown'} (projectId ${requestUrl.searchParams.get('projectId') ?? '-'}): ${auth.reason}; closing with ${UNAUTHORIZED_CLOSE_CODE}`);
      socket.close(UNAUTHORIZED_CLOSE_CODE, truncateReason(`Unauthorized: ${auth.reason}`));
      return;
    }
    const connected: RelayClient = {
      clientId: auth.clientId,
      send: (text) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      },
      subscriptions: new Map(),
      pendingAcks: new Set(),
    };
    client = connected;
    socket.on('close', () => core.removeClient(connected));
    if (socket.readyState !== socket.OPEN) {
      core.removeClient(connected);
      return;
    }
    for (const frame of queued.splice(0)) handleFrame(socket, connected, frame);
  };

  wss.on('connection', (socket, request) => {
    onConnection(socket, request).catch((error: unknown) => {
      log(`relay: connection setup failed: ${(error as Error).message}`);
      socket.terminate();
    });
  });

  const pingTimer = setInterval(() => {
    for (const socket of wss.clients) {
      if (alive.get(socket) === false) {
        log('relay: terminating a socket that did not answer the last ping');
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, options.pingIntervalMs ?? 25_000);
  const sweepTimer = setInterval(() => core.store.sweep(), options.sweepIntervalMs ?? 60_000);
  pingTimer.unref();
  sweepTimer.unref();

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      clearInterval(pingTimer);
      clearInterval(sweepTimer);
      for (const socket of wss.clients) socket.terminate();
      wss.close(() => httpServer.close(() => resolve()));
      httpServer.closeAllConnections();
    });
    return closing;
  };

  const stats = () => ({ storedBytes: core.store.bytes, storedMessages: core.store.size, connections: wss.clients.size });
  return { url, close, stats };
}
