import { randomBytes } from 'node:crypto';
import { safeJsonParse, safeJsonStringify } from '@walletconnect/safe-json';
import WebSocket from 'ws';

/**
 * The attacker of the relay's flood test: one socket with a valid self-made did:key token that
 * publishes large base64 messages as fast as the relay answers (a window of requests in flight),
 * bounded by a publish count and a deadline. Not used by the relay itself.
 */

/** Options of {@link flood}. */
export type FloodOptions = {
  /** Relay URL (`ws://127.0.0.1:<port>`). */
  url: string;
  /** relay-auth JWT for `url` (see `makeAuthToken`). */
  token: string;
  /** Local address to connect from, e.g. `127.0.0.2`, so the flooder is another IP than its victims. */
  localAddress?: string;
  /** Length of each `message` in base64 characters (rounded down to a multiple of 4). */
  messageChars: number;
  /** Most publishes sent in total. */
  maxPublishes: number;
  /** Requests in flight at once (default 32). */
  window?: number;
  /** Gives up (closes the socket) after this many ms (default 20 000). */
  timeoutMs?: number;
  /** Number of distinct topics the publishes rotate over (default 8). */
  topics?: number;
  /** ttl of every publish, seconds (default 30 days, the most the SDK constants name). */
  ttl?: number;
  /** Called after every answered publish (e.g. to sample the relay's memory). */
  onAnswer?: () => void;
};

/** What {@link flood} observed. */
export type FloodResult = {
  /** Publishes sent. */
  sent: number;
  /** Publishes answered with `result: true`. */
  accepted: number;
  /** JSON-RPC errors received, in order. */
  refusals: { code: number; message: string }[];
  /** Close code and reason, when the relay closed the socket; undefined if the flood ended first. */
  closed?: { code: number; reason: string };
  /** Number of refusals that arrived before the socket closed. */
  refusalsBeforeClose: number;
  /** Whether the flood stopped at the deadline. */
  timedOut: boolean;
};

/** Floods `irn_publish` on one socket until the relay closes it, `maxPublishes` or the deadline. */
export function flood(options: FloodOptions): Promise<FloodResult> {
  const window = options.window ?? 32;
  const topicCount = options.topics ?? 8;
  const topics = Array.from({ length: topicCount }, () => randomBytes(32).toString('hex'));
  const message = randomBytes(Math.floor(options.messageChars / 4) * 3).toString('base64');
  const query = new URLSearchParams({ auth: options.token, projectId: 'flooder', ua: 'flooder' });
  const socket = new WebSocket(
    `${options.url}?${query}`,
    options.localAddress ? { localAddress: options.localAddress } : {},
  );
  const result: FloodResult = { sent: 0, accepted: 0, refusals: [], refusalsBeforeClose: 0, timedOut: false };
  let inFlight = 0;

  return new Promise((resolve) => {
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (socket.readyState === WebSocket.OPEN) socket.close();
      resolve(result);
    };
    const timer = setTimeout(() => {
      result.timedOut = true;
      finish();
    }, options.timeoutMs ?? 20_000);

    const sendMore = (): void => {
      while (socket.readyState === WebSocket.OPEN && inFlight < window && result.sent < options.maxPublishes) {
        const topic = topics[result.sent % topicCount]!;
        result.sent++;
        inFlight++;
        socket.send(
          safeJsonStringify({
            id: result.sent,
            jsonrpc: '2.0',
            method: 'irn_publish',
            params: { topic, message, ttl: options.ttl ?? 2_592_000, tag: 1108, prompt: false },
          }),
        );
      }
      if (result.sent >= options.maxPublishes && inFlight === 0) finish();
    };

    socket.on('open', sendMore);
    socket.on('message', (data) => {
      const payload = safeJsonParse(data.toString()) as {
        id?: unknown;
        result?: unknown;
        error?: { code: number; message: string };
      };
      if (payload.error) result.refusals.push({ code: payload.error.code, message: payload.error.message });
      else if (payload.result === true) result.accepted++;
      else return;
      inFlight--;
      options.onAnswer?.();
      sendMore();
    });
    socket.on('close', (code, reason) => {
      result.closed = { code, reason: reason.toString() };
      result.refusalsBeforeClose = result.refusals.length;
      finish();
    });
    socket.on('error', () => finish());
  });
}
