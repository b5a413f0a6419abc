import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { CHROMIUM_PATH, PARTITIONED_STORAGE_ARGS } from '../../scripts/chromium.mjs';

/**
 * Helpers of the trust-boundary specs (docs/threat-model.md): an attacker's own
 * provider API, a scan of the dapp origin's storage for session secrets, Chromium
 * with third-party storage partitioning on, and a penpal call forged by the page.
 */

/** `launchOptions` for `test.use`: this machine's Chromium with third-party storage partitioning ON. */
export const PARTITIONED_STORAGE_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  args: PARTITIONED_STORAGE_ARGS,
};

/**
 * Starts an attacker's provider API on 127.0.0.1 (random port): every path answers
 * `*` CORS, and `/projects/v1/origins` answers `{ "allowedOrigins": ["*"] }` (what
 * the frame's API client expects, spec §7), so a frame that trusted a page-chosen
 * `apiUrl` would allow any page. `hits` counts the requests it received.
 */
export async function startAttackerApi(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits += 1;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const headers = {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    res.writeHead(200, headers);
    res.end(
      JSON.stringify(
        path.endsWith('/projects/v1/origins') ? { allowedOrigins: ['*'] } : { data: [], count: 0, features: {} },
      ),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** What a script on the dapp origin can read: localStorage, sessionStorage and cookies, as one text. */
export async function dappOriginStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dump = (storage: Storage) => {
      const entries: Record<string, string | null> = {};
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!;
        entries[key] = storage.getItem(key);
      }
      return entries;
    };
    return JSON.stringify({
      localStorage: dump(localStorage),
      sessionStorage: dump(sessionStorage),
      cookie: document.cookie,
    });
  });
}

/**
 * Marks of WalletConnect keys and session data: the keychain and its `symKey`s, the
 * client's ed25519 seed, `wc@2` storage keys, and 64-hex strings (keys, topics).
 */
export const SESSION_SECRET = /symKey|ed25519|seed|keychain|wc@2|(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/i;

/**
 * Installs, before any page script runs, what an injected script on the dapp page
 * (an XSS, a third-party tag) can do: wrap `MessagePort.prototype.postMessage` to
 * keep every port the page sends penpal messages on. After the handshake the host
 * SDK and the frame talk over such a port, so the page holds the frame's channel.
 */
export async function capturePenpalPorts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const ports = new Set<MessagePort>();
    (window as unknown as { __penpalPorts: Set<MessagePort> }).__penpalPorts = ports;
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
      if ((args[0] as { namespace?: unknown } | null)?.namespace === 'penpal') ports.add(this);
      return (post as (...a: unknown[]) => void).apply(this, args);
    } as typeof post;
  });
}

/**
 * From the dapp page itself (needs {@link capturePenpalPorts} before the page
 * loaded): sends, on the host's penpal port, the CALL message the host SDK would
 * send for the frame method `method(...args)`, and resolves with the frame's REPLY
 * value (the frame has handled the call by then). Rejects when no port was captured
 * or after 10 s without a reply.
 */
export async function callFrameMethod(page: Page, method: string, args: unknown[]): Promise<unknown> {
  return page.evaluate(
    ({ method, args }) =>
      new Promise((resolve, reject) => {
        const ports = (window as unknown as { __penpalPorts?: Set<MessagePort> }).__penpalPorts;
        if (!ports?.size) return reject(new Error('no penpal port captured'));
        const id = `forged-${Math.random().toString(16).slice(2)}`;
        const timer = setTimeout(() => reject(new Error('no penpal reply in 10 s')), 10_000);
        for (const port of ports) {
          port.addEventListener('message', function onReply(message: MessageEvent) {
            const data = message.data as { namespace?: string; type?: string; callId?: string; value?: unknown } | null;
            if (data?.namespace !== 'penpal' || data.type !== 'REPLY' || data.callId !== id) return;
            port.removeEventListener('message', onReply);
            clearTimeout(timer);
            resolve(data.value);
          });
          port.postMessage({ namespace: 'penpal', type: 'CALL', id, methodPath: [method], args });
        }
      }),
    { method, args },
  );
}

/** {@link callFrameMethod} for `walletEvent(event)`: the event a page wallet's bridge would report. */
export const forgeWalletEvent = (page: Page, event: Record<string, unknown>): Promise<unknown> =>
  callFrameMethod(page, 'walletEvent', [event]);
