import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createInbox, type CaughtMessage } from './store.ts';
import { inboxPage, messagePage } from './page.ts';

export type { CaughtMessage } from './store.ts';

/** Options of {@link startMailCatcher}. Ports 0 pick free ones. */
export type MailCatcherOptions = {
  /** SMTP port (no TLS, no auth), e.g. 2525. */
  smtpPort: number;
  /** HTTP port of the inbox page and the JSON inbox. */
  httpPort: number;
  /** Bind address, default 127.0.0.1. */
  host?: string;
  /** Largest accepted message in bytes, default 1 MB. */
  maxBytes?: number;
};

/** A running mail catcher. */
export type MailCatcher = {
  /** The SMTP URL to give a mailer, e.g. `smtp://127.0.0.1:2525`. */
  smtpUrl: string;
  /** The inbox page, e.g. `http://127.0.0.1:5179`. */
  webUrl: string;
  /** Messages caught so far, newest first (only those to `to` when given). */
  messages: (to?: string) => CaughtMessage[];
  /**
   * Resolves with the newest message to `to` that arrives after `since` (ms) and matches `match`.
   * @throws Error after `timeoutMs` (default 10 000) without one.
   */
  waitFor: (
    to: string,
    options?: { since?: number; match?: (m: CaughtMessage) => boolean; timeoutMs?: number },
  ) => Promise<CaughtMessage>;
  /** Stops both servers. Safe to call twice. */
  stop: () => Promise<void>;
};

/**
 * Starts a local mail catcher: a real SMTP server (`smtp-server`, plain, no
 * authentication, local use only) whose messages are parsed with `mailparser`
 * and kept in memory, and an HTTP server with the inbox page (`/`), one message
 * (`/messages/:id`) and the JSON inbox `GET /api/messages?to=` (newest first).
 * @throws the listen error (EADDRINUSE …) of either server; nothing stays open.
 */
export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const inbox = createInbox();
  const waiters = new Set<() => void>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: options.maxBytes ?? 1_000_000,
    banner: 'Airlock mail catcher',
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.add(
            session.envelope.rcptTo.map((r) => r.address),
            mail,
          );
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, {
        'content-type': `${type}; charset=utf-8`,
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
      });
      res.end(body);
    };
    if (url.pathname === '/api/messages')
      return send(200, 'application/json', JSON.stringify(inbox.list(url.searchParams.get('to') ?? undefined)));
    if (url.pathname === '/api/messages/clear' && req.method === 'POST')
      return (inbox.clear(), send(200, 'application/json', '{}'));
    const one = /^\/messages\/(\d+)$/.exec(url.pathname);
    if (one) {
      const message = inbox.get(Number(one[1]));
      return message ? send(200, 'text/html', messagePage(message)) : send(404, 'text/plain', 'No such message');
    }
    if (url.pathname === '/') return send(200, 'text/html', inboxPage(inbox.list()));
    send(404, 'text/plain', 'Not found');
  });
  const listen = (
    server: {
      listen: (port: number, host: string, cb: () => void) => unknown;
      once: (e: 'error', cb: (error: Error) => void) => unknown;
    },
    port: number,
  ) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
  const closeHttp = () => new Promise<void>((resolve) => (http.closeAllConnections(), http.close(() => resolve())));
  const closeSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  await listen(smtp.server as unknown as Server, options.smtpPort);
  try {
    await listen(http, options.httpPort);
  } catch (error) {
    await closeSmtp();
    throw error;
  }
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const httpPort = (http.address() as AddressInfo).port;
  let stopped = false;
  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    webUrl: `http://${host}:${httpPort}`,
    messages: (to) => inbox.list(to),
    waitFor: (to, { since = 0, match = () => true, timeoutMs = 10_000 } = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = inbox.list(to).find((m) => m.receivedAt >= since && match(m));
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No mail to ${to} in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
        check();
      }),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await Promise.all([closeHttp(), closeSmtp()]);
    },
  };
}
