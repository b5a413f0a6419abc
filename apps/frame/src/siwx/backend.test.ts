import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiwxBackend } from './backend.ts';

/**
 * Custom mode (`siwx.custom: { nonceUrl, verifyUrl }`) against a real HTTP server standing in
 * for the dapp's backend: what the frame calls, what it sends, and how it takes bad answers.
 */

type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
const seen: Seen[] = [];
/** What the server answers per path: status and body. */
const answers = new Map<string, { status: number; body: string }>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = new URL(req.url!, 'http://x').pathname;
      seen.push({ method: req.method!, path, headers: req.headers, body });
      const answer = answers.get(path) ?? { status: 404, body: '{}' };
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        ...(path === '/moved' ? { location: '/nonce' } : {}),
      });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const custom = (nonceUrl = `${base}/nonce`, verifyUrl = `${base}/verify`) =>
  createSiwxBackend({ custom: { nonceUrl, verifyUrl } }, null)!;

describe('custom sign-in backend', () => {
  it('gets the nonce with a plain GET and posts only the message, signature and CACAO; takes its token', async () => {
    answers.set('/nonce', { status: 200, body: JSON.stringify({ nonce: 'dappNonce1234' }) });
    answers.set('/verify', { status: 200, body: JSON.stringify({ token: 'dapp-session-1', extra: 'ignored' }) });
    seen.length = 0;
    const backend = custom();
    expect(await backend.nonce()).toBe('dappNonce1234');
    expect(await backend.verify({ message: 'm', signature: '0x01' })).toEqual({
      token: 'dapp-session-1',
      sessionId: null,
    });
    expect(await backend.verify({ message: 'm', signature: '0x01', cacao: { h: { t: 'caip122' } } })).toMatchObject({
      token: 'dapp-session-1',
    });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /nonce', 'POST /verify', 'POST /verify']);
    expect(seen[0]!.body).toBe('');
    expect(JSON.parse(seen[1]!.body)).toEqual({ message: 'm', signature: '0x01' });
    expect(JSON.parse(seen[2]!.body)).toEqual({ message: 'm', signature: '0x01', cacao: { h: { t: 'caip122' } } });
    for (const s of seen) {
      expect(s.headers.cookie).toBeUndefined();
      expect(s.headers.authorization).toBeUndefined();
      expect(s.headers.referer).toBeUndefined();
    }
  });

  it('a verify answer without a token is still a session (token null); a refusal or bad nonce throws', async () => {
    answers.set('/verify', { status: 200, body: 'not json' });
    expect(await custom().verify({ message: 'm', signature: '0x01' })).toEqual({ token: null, sessionId: null });
    answers.set('/verify', { status: 401, body: JSON.stringify({ token: 'no' }) });
    await expect(custom().verify({ message: 'm', signature: '0x01' })).rejects.toThrow('Sign-in server error (401)');
    for (const body of [{ nonce: 'short' }, { nonce: 'has spaces 1234' }, { nonce: 'x'.repeat(129) }, {}]) {
      answers.set('/nonce', { status: 200, body: JSON.stringify(body) });
      await expect(custom().nonce()).rejects.toThrow();
    }
    await expect(custom(`${base}/missing`).nonce()).rejects.toThrow('Sign-in server error (404)');
  });

  it('does not follow a redirect', async () => {
    answers.set('/nonce', { status: 200, body: JSON.stringify({ nonce: 'dappNonce1234' }) });
    answers.set('/moved', { status: 302, body: '{}' });
    await expect(custom(`${base}/moved`).nonce()).rejects.toThrow();
  });

  it('without custom URLs and without an API there is no verifier (SIWX is not enabled)', () => {
    expect(createSiwxBackend({}, null)).toBeNull();
  });
});
