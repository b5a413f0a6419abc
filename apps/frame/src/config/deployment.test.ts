import { describe, expect, it } from 'vitest';
import { DEV_ALLOWED_ORIGINS } from '@airlock/protocol';
import {
  applyDeploymentFile,
  buildTimeDeployment,
  loadDeployment,
  parseAllowedOrigins,
  type Deployment,
} from './deployment.ts';

const base: Deployment = {
  apiUrl: 'https://api.example.com',
  relayUrl: null,
  secureFrameOrigin: null,
  allowedOrigins: ['https://app.example.com'],
  walletConnectVerify: true,
};

const answer =
  (body: string, init: { status?: number; type?: string; url?: string } = {}) =>
  async (input: RequestInfo | URL) => {
    const response = new Response(body, {
      status: init.status ?? 200,
      headers: { 'content-type': init.type ?? 'application/json' },
    });
    Object.defineProperty(response, 'url', { value: init.url ?? String(input) });
    return response;
  };

describe('build-time deployment (VITE_AIRLOCK_*)', () => {
  it('defaults: no API, hosted relay with Verify, the dev bound', () => {
    expect(buildTimeDeployment({})).toEqual({
      ok: true,
      deployment: {
        apiUrl: null,
        relayUrl: null,
        secureFrameOrigin: null,
        allowedOrigins: [...DEV_ALLOWED_ORIGINS],
        walletConnectVerify: true,
      },
    });
  });

  it('reads every variable; a relay of your own turns Verify off unless set', () => {
    const built = buildTimeDeployment({
      VITE_AIRLOCK_API_URL: 'https://api.example.com',
      VITE_AIRLOCK_RELAY_URL: 'wss://relay.example.com',
      VITE_AIRLOCK_SECURE_FRAME_ORIGIN: 'https://keys.example.com',
      VITE_AIRLOCK_ALLOWED_ORIGINS: 'https://app.example.com, https://*.example.org',
    });
    expect(built).toEqual({
      ok: true,
      deployment: {
        apiUrl: 'https://api.example.com',
        relayUrl: 'wss://relay.example.com',
        secureFrameOrigin: 'https://keys.example.com',
        allowedOrigins: ['https://app.example.com', 'https://*.example.org'],
        walletConnectVerify: false,
      },
    });
    expect(
      buildTimeDeployment({ VITE_AIRLOCK_RELAY_URL: 'wss://r.test', VITE_AIRLOCK_WALLETCONNECT_VERIFY: 'true' }),
    ).toMatchObject({
      deployment: { walletConnectVerify: true },
    });
  });

  it('rejects a malformed value with the field name', () => {
    expect(buildTimeDeployment({ VITE_AIRLOCK_RELAY_URL: 'https://not-a-websocket.test' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('relayUrl'),
    });
  });

  it('parses the origin bound list; `none` is no bound', () => {
    expect(parseAllowedOrigins(' https://a.test , https://*.b.test ,')).toEqual(['https://a.test', 'https://*.b.test']);
    expect(parseAllowedOrigins(undefined)).toEqual([...DEV_ALLOWED_ORIGINS]);
    expect(parseAllowedOrigins('')).toEqual([...DEV_ALLOWED_ORIGINS]);
    expect(parseAllowedOrigins('none')).toBeNull();
  });
});

describe('deployment.json', () => {
  it('overlays the fields it sets; null clears one', () => {
    expect(
      applyDeploymentFile(base, { relayUrl: 'ws://127.0.0.1:8555', walletConnectVerify: false, allowedOrigins: null }),
    ).toEqual({
      ok: true,
      deployment: { ...base, relayUrl: 'ws://127.0.0.1:8555', walletConnectVerify: false, allowedOrigins: null },
    });
  });

  it('takes the local Cosmos network’s LCD URL (http or https only)', () => {
    expect(applyDeploymentFile(base, { cosmosLocalLcdUrl: 'http://127.0.0.1:19003' })).toMatchObject({
      ok: true,
      deployment: { cosmosLocalLcdUrl: 'http://127.0.0.1:19003' },
    });
    expect(applyDeploymentFile(base, { cosmosLocalLcdUrl: 'ftp://127.0.0.1/' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('cosmosLocalLcdUrl'),
    });
  });

  it('refuses unknown or malformed fields instead of guessing', () => {
    expect(applyDeploymentFile(base, { allowedOrigin: ['*'] })).toMatchObject({
      ok: false,
      message: expect.stringContaining('deployment.json'),
    });
    expect(applyDeploymentFile(base, { apiUrl: 'javascript:alert(1)' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('apiUrl'),
    });
    expect(applyDeploymentFile(base, { secureFrameOrigin: 'https://keys.example.com/path' })).toMatchObject({
      ok: false,
    });
    expect(applyDeploymentFile(base, [])).toMatchObject({ ok: false });
  });

  it('is fetched next to the frame page, on the frame origin', async () => {
    const seen: string[] = [];
    const fetch = async (input: RequestInfo | URL) => {
      seen.push(String(input));
      return answer(JSON.stringify({ apiUrl: 'https://api2.example.com' }))(input);
    };
    const loaded = await loadDeployment({
      pageUrl: 'https://widget.example.com/v1/?config=x',
      base,
      fetch: fetch as typeof globalThis.fetch,
    });
    expect(seen).toEqual(['https://widget.example.com/v1/deployment.json']);
    expect(loaded).toEqual({ ok: true, deployment: { ...base, apiUrl: 'https://api2.example.com' } });
  });

  it('falls back to the build-time deployment without a file, off-origin, or on a network failure', async () => {
    const pageUrl = 'https://widget.example.com/';
    const cases = [
      answer('Not found', { status: 404, type: 'text/plain' }),
      answer('<!doctype html>', { type: 'text/html' }),
      answer('{"apiUrl":"https://evil.test"}', { url: 'https://evil.test/deployment.json' }),
      async () => {
        throw new TypeError('fetch failed');
      },
    ];
    for (const fetch of cases) {
      await expect(loadDeployment({ pageUrl, base, fetch: fetch as typeof globalThis.fetch })).resolves.toEqual({
        ok: true,
        deployment: base,
      });
    }
  });

  it('gives up after the timeout and uses the build-time deployment', async () => {
    const hang = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, fail) =>
        init?.signal?.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError'))),
      );
    await expect(
      loadDeployment({ pageUrl: 'https://w.test/', base, fetch: hang as typeof fetch, timeoutMs: 10 }),
    ).resolves.toEqual({ ok: true, deployment: base });
  });

  it('refuses a JSON answer that is not valid JSON', async () => {
    await expect(
      loadDeployment({ pageUrl: 'https://w.test/', base, fetch: answer('{nope') as typeof fetch }),
    ).resolves.toMatchObject({ ok: false });
  });
});
