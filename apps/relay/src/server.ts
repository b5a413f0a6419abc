import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { UNAUTHORIZED_CLOSE_CODE, verifyRelayAuth } from './auth.ts';
import { FLOOD_CLOSE_CODE, TRY_AGAIN_LATER_CLOSE_CODE } from './closeCodes.ts';
import {
  formatError,
  formatResult,
  parseFrame,
  RpcError,
  rpcErrorCodes,
  type IncomingFrame,
  type JsonRpcErrorObject,
} from './jsonRpc.ts';
import { resolveLimits, type RelayLimits } from './limits.ts';
import { shortTopic } from './messageStore.ts';
import { bufferedBytes, createQuotas, type AddressQuota } from './quotas.ts';
import { createRelayCore, type RelayClient } from './relayCore.ts';
import { createThrottledLog } from './throttledLog.ts';

/** Options of {@link startRelay}. Every limit not given takes its `defaultRelayLimits` value (see `limits.ts`). */
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
  /** Log sink, one line per event (refusals at most one line per kind per 10 s); default `console.log`. */
  log?: (line: string) => void;
  /**
   * Take the client address from the last entry of `X-Forwarded-For` (set by a reverse proxy in
   * front of the relay) instead of the socket's peer address; default false. Only enable it behind
   * a proxy that sets the header, or clients can pick their own address and escape the per-IP limits.
   */
  trustProxy?: boolean;
};

/** Counters returned by {@link Relay.stats}. */
export type RelayStats = {
  /** Bytes (characters of `message`) of the stored messages. */
  storedBytes: number;
  /** Stored messages. */
  storedMessages: number;
  /** Open sockets. */
  connections: number;
};

/** A running relay returned by {@link startRelay}. */
export type Relay = {
  /** `ws://host:port` the relay listens on; use it as the WalletConnect `relayUrl`. */
  url: string;
  /** Closes every socket (terminate) and the listening server; resolves when the port is free. */
  close: () => Promise<void>;
  /** Current counters: stored messages and their bytes, open sockets. */
  stats: () => RelayStats;
  /** The limits in force (the options over the defaults). */
  limits: RelayLimits;
};

/** Frames a socket may send before its token is verified; more close it with 1008. */
const maxQueuedFrames = 64;

/** Largest close reason in bytes a close frame can carry (RFC 6455 §5.5: 125-byte payload − 2-byte code). */
const maxCloseReasonBytes = 123;

const formatHostForUrl = (host: string): string => {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
};

const toFrame = (data: RawData, isBinary: boolean): IncomingFrame =>
  isBinary
    ? {
        kind: 'invalid',
        id: null,
        error: { code: rpcErrorCodes.invalidRequest, message: 'Binary frames are not supported' },
      }
    : parseFrame(
        Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'),
      );

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
 * Limits (see `RelayLimits`): a socket beyond `maxConnectionsPerIp` is closed with 1013; a request
 * over a quota or cap gets a JSON-RPC error (-32005 / -32602), and a socket that collects more than
 * `refusalsBeforeClose` of them is closed with 1008 right after the error; a socket whose send
 * buffer passes `maxBufferedBytesPerConnection` (it does not read) is terminated.
 *
 * Resolves once listening; rejects with the `listen` error (e.g. `EADDRINUSE`).
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.log(line));
  const limits = resolveLimits(options);
  const logRefusal = createThrottledLog(log, { now });
  const core = createRelayCore({ ...limits, now, logRefusal });
  const quotas = createQuotas(limits, now);

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

  /**
   * Sends one frame unless the socket is closing; terminates a socket that does not read its frames
   * (its send buffer, or those of all sockets of its address, past the limits).
   */
  const sendText = (socket: WebSocket, address: AddressQuota, who: string, text: string): void => {
    if (socket.readyState !== socket.OPEN) return;
    const buffered = socket.bufferedAmount + text.length;
    // Summing the address's buffers only when this one is not nearly empty keeps the common path cheap.
    const overAddress = buffered > 64 * 1024 && bufferedBytes(address) + text.length > limits.maxBufferedBytesPerIp;
    if (buffered > limits.maxBufferedBytesPerConnection || overAddress) {
      const limit = overAddress
        ? `${limits.maxBufferedBytesPerIp} bytes waiting in the send buffers of its address`
        : `${limits.maxBufferedBytesPerConnection} bytes waiting in its send buffer`;
      logRefusal('send-buffer', `relay: terminating the socket of ${who}: more than ${limit}`);
      socket.terminate();
      return;
    }
    socket.send(text);
  };

  /** Answers with an error, then closes the socket if it has used up its refusals. */
  const refuse = (
    socket: WebSocket,
    client: RelayClient,
    who: string,
    id: Parameters<typeof formatError>[0] | undefined,
    error: JsonRpcErrorObject,
  ): void => {
    if (id !== undefined) sendText(socket, client.address, who, formatError(id, error));
    if (client.quota.refusals.take(1)) return;
    logRefusal(
      'flood',
      `relay: closing the socket of ${who} with ${FLOOD_CLOSE_CODE}: more than ${limits.refusalsBeforeClose} refused requests`,
    );
    socket.close(FLOOD_CLOSE_CODE, 'Too many refused requests');
  };

  const handleFrame = (socket: WebSocket, client: RelayClient, who: string, frame: IncomingFrame): void => {
    if (socket.readyState !== socket.OPEN) return;
    if (frame.kind === 'response') {
      core.handleAck(client, frame.id);
      return;
    }
    if (frame.kind === 'invalid') {
      refuse(socket, client, who, frame.id, frame.error);
      return;
    }
    const { request } = frame;
    const id = request.id ?? null;
    try {
      const outcome = core.handleRequest(client, request);
      if (request.id !== undefined) sendText(socket, client.address, who, formatResult(id, outcome.result));
      outcome.after?.();
    } catch (error) {
      const rpcError =
        error instanceof RpcError
          ? error
          : new RpcError(rpcErrorCodes.internalError, `Internal error: ${(error as Error).message}`);
      if (!(error instanceof RpcError))
        log(`relay: ${request.method} failed: ${(error as Error).stack ?? String(error)}`);
      refuse(socket, client, who, request.id === undefined ? undefined : id, {
        code: rpcError.code,
        message: rpcError.message,
      });
    }
  };

  /** The client's IP address: the socket's peer, or the last `X-Forwarded-For` entry with `trustProxy`. */
  const clientIp = (request: IncomingMessage): string => {
    const forwarded = options.trustProxy ? request.headers['x-forwarded-for'] : undefined;
    const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').pop()?.trim();
    return last || request.socket.remoteAddress || 'unknown';
  };

  const onConnection = async (socket: WebSocket, request: IncomingMessage, address: AddressQuota): Promise<void> => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('error', (error) => log(`relay: socket error: ${error.message}`));

    // Frames that arrive while the token is being verified wait here (a bounded number).
    const queued: IncomingFrame[] = [];
    let client: RelayClient | undefined;
    let who = address.ip;
    socket.on('message', (data, isBinary) => {
      const frame = toFrame(data, isBinary);
      if (client) handleFrame(socket, client, who, frame);
      else if (queued.length < maxQueuedFrames) queued.push(frame);
      else if (socket.readyState === socket.OPEN) {
        logRefusal(
          'flood',
          `relay: closing the socket of ${who} with ${FLOOD_CLOSE_CODE}: more than ${maxQueuedFrames} frames before its token was verified`,
        );
        socket.close(FLOOD_CLOSE_CODE, 'Too many frames before authentication');
      }
    });

    const requestUrl = new URL(request.url ?? '/', 'ws://relay.invalid');
    const reachedAt = `${request.headers.host ?? ''}${requestUrl.pathname}`;
    const audiences = [url, `ws://${reachedAt}`, `wss://${reachedAt}`, ...(options.audiences ?? [])];
    const auth = await verifyRelayAuth(requestUrl.searchParams.get('auth'), { audiences, now: now() });
    if (!auth.ok) {
      log(
        `relay: refused connection from ${address.ip} (projectId ${requestUrl.searchParams.get('projectId') ?? '-'}): ${auth.reason}; closing with ${UNAUTHORIZED_CLOSE_CODE}`,
      );
      socket.close(UNAUTHORIZED_CLOSE_CODE, truncateReason(`Unauthorized: ${auth.reason}`));
      return;
    }
    who = `${address.ip} (client ${shortTopic(auth.clientId.replace('did:key:', ''))})`;
    const connected: RelayClient = {
      clientId: auth.clientId,
      send: (text) => sendText(socket, address, who, text),
      subscriptions: new Map(),
      pendingAcks: new Set(),
      address,
      quota: quotas.forConnection(),
    };
    client = connected;
    socket.on('close', () => core.removeClient(connected));
    if (socket.readyState !== socket.OPEN) {
      core.removeClient(connected);
      return;
    }
    for (const frame of queued.splice(0)) handleFrame(socket, connected, who, frame);
  };

  wss.on('connection', (socket, request) => {
    const ip = clientIp(request);
    const address = quotas.connect(ip);
    if (!address) {
      logRefusal(
        'connections',
        `relay: refused connection from ${ip}: ${limits.maxConnectionsPerIp} sockets already open from this address; closing with ${TRY_AGAIN_LATER_CLOSE_CODE}`,
      );
      socket.on('error', () => undefined);
      socket.close(TRY_AGAIN_LATER_CLOSE_CODE, 'Too many connections from this address');
      return;
    }
    address.sockets.add(socket);
    socket.once('close', () => {
      address.sockets.delete(socket);
      quotas.disconnect(address);
    });
    onConnection(socket, request, address).catch((error: unknown) => {
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
  const sweepTimer = setInterval(() => {
    core.store.sweep();
    quotas.prune();
  }, options.sweepIntervalMs ?? 60_000);
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

  const stats = (): RelayStats => ({
    storedBytes: core.store.bytes,
    storedMessages: core.store.size,
    connections: wss.clients.size,
  });
  return { url, close, stats, limits };
}
