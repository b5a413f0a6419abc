import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { testConfig } from '../testing/fakeHost.ts';
import { bootWith, type BootInputs } from './bootFrame.ts';
import type { Deployment } from './deployment.ts';
import { ORIGIN_CACHE_PREFIX, type OriginCacheStorage } from './originCache.ts';
import { MAX_REFUSAL_REASON, ORIGIN_HINT, claimedParentOrigin, notifyRefusal, refusalReason } from './refusal.ts';

const API = 'http://api.test';
const deployment = (over: Partial<Deployment> = {}): Deployment => ({
  apiUrl: API,
  relayUrl: 'ws://127.0.0.1:8555',
  secureFrameOrigin: null,
  allowedOrigins: null,
  walletConnectVerify: false,
  ...over,
});
const search = (config: unknown) => `?config=${encodeURIComponent(JSON.stringify(config))}`;
const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

function memoryStorage(): OriginCacheStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

/** Boot inputs for a parent at `origin`, the page config `config`, an API answering `respond`. */
function inputs(
  origin: string,
  respond: (url: string) => Promise<Response>,
  over: Partial<BootInputs> & { config?: Record<string, unknown> } = {},
): BootInputs & { posted: Array<{ message: unknown; target: string }>; asked: string[] } {
  const posted: Array<{ message: unknown; target: string }> = [];
  const asked: string[] = [];
  const { config, ...rest } = over;
  return {
    search: search({ ...testConfig(), parentOrigin: origin, ...config }),
    ancestorOrigins: [origin],
    referrer: `${origin}/page`,
    embedded: true,
    deployment: async () => ({ ok: true, deployment: deployment() }),
    parent: { postMessage: (message: unknown, target: string) => void posted.push({ message, target }) } as Pick<
      Window,
      'postMessage'
    >,
    makeClient: (o) =>
      createApiClient({
        ...o,
        fetch: ((url: string) => (asked.push(url), respond(url))) as unknown as typeof fetch,
        sleep: async () => {},
      }),
    storage: memoryStorage(),
    warn: () => {},
    posted,
    asked,
    ...rest,
  };
}

describe('boot: the allowed origins come from the deployment, never from the page', () => {
  it('a page passing its own apiUrl is ignored: only the deployment API is asked', async () => {
    const boot = inputs('https://evil.test', () => json(200, { allowedOrigins: ['https://app.example.com'] }), {
      config: { apiUrl: 'https://evil-api.test', walletConnect: { relayUrl: 'wss://evil.test' } },
    });
    await expect(bootWith(boot)).resolves.toMatchObject({
      ok: false,
      problem: { kind: 'origin', message: 'Origin not allowed: https://evil.test' },
    });
    expect(boot.asked.every((url) => url.startsWith(`${API}/projects/v1/origins`))).toBe(true);
    expect(boot.asked.length).toBeGreaterThan(0);
  });

  it('a listed origin connects, with the deployment (not the page) in the boot', async () => {
    const boot = await bootWith(
      inputs('https://app.example.com', () => json(200, { allowedOrigins: ['https://*.example.com'] }), {
        config: { apiUrl: 'https://evil-api.test' },
      }),
    );
    expect(boot).toMatchObject({
      ok: true,
      parentOrigin: 'https://app.example.com',
      deployment: { apiUrl: API, relayUrl: 'ws://127.0.0.1:8555' },
    });
  });

  it('the deployment bound intersects the project list, never widens it', async () => {
    const wide = () => json(200, { allowedOrigins: ['*'] });
    const bounded = {
      deployment: async () => ({
        ok: true as const,
        deployment: deployment({ allowedOrigins: ['https://app.example.com'] }),
      }),
    };
    await expect(bootWith(inputs('https://app.example.com', wide, bounded))).resolves.toMatchObject({ ok: true });
    await expect(bootWith(inputs('https://other.example.com', wide, bounded))).resolves.toMatchObject({ ok: false });
    const narrow = () => json(200, { allowedOrigins: ['https://app.example.com'] });
    const loose = {
      deployment: async () => ({
        ok: true as const,
        deployment: deployment({ allowedOrigins: ['https://*.example.com'] }),
      }),
    };
    await expect(bootWith(inputs('https://other.example.com', narrow, loose))).resolves.toMatchObject({ ok: false });
  });

  it('a parent outside the bound is refused without asking the API', async () => {
    const boot = inputs('https://evil.test', () => json(200, { allowedOrigins: ['*'] }), {
      deployment: async () => ({
        ok: true as const,
        deployment: deployment({ allowedOrigins: ['https://app.example.com'] }),
      }),
    });
    await expect(bootWith(boot)).resolves.toMatchObject({
      ok: false,
      problem: { message: 'Origin not allowed: https://evil.test' },
    });
    expect(boot.asked).toEqual([]);
    expect(boot.posted).toHaveLength(1);
  });

  it('a bare * is allowed with a console warning', async () => {
    const warn = vi.fn();
    await expect(
      bootWith(inputs('https://any.test', () => json(200, { allowedOrigins: ['*'] }), { warn })),
    ).resolves.toMatchObject({ ok: true });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"*"'));
  });

  it('API down: the last list cached for the project, else the bound alone, else nothing', async () => {
    const storage = memoryStorage();
    const up = inputs('https://app.example.com', () => json(200, { allowedOrigins: ['https://app.example.com'] }), {
      storage,
    });
    await expect(bootWith(up)).resolves.toMatchObject({ ok: true });
    // The cache is written in a task after the boot (it serves a later start).
    await new Promise((r) => setTimeout(r, 0));
    expect([...storage.map.keys()]).toEqual([`${ORIGIN_CACHE_PREFIX}test-project`]);

    const down = () => Promise.reject(new TypeError('fetch failed'));
    await expect(bootWith(inputs('https://app.example.com', down, { storage }))).resolves.toMatchObject({ ok: true });
    await expect(bootWith(inputs('https://other.example.com', down, { storage }))).resolves.toMatchObject({
      ok: false,
    });

    const bound = {
      deployment: async () => ({
        ok: true as const,
        deployment: deployment({ allowedOrigins: ['http://localhost:*'] }),
      }),
    };
    await expect(bootWith(inputs('http://localhost:5173', down, bound))).resolves.toMatchObject({ ok: true });
    await expect(bootWith(inputs('https://app.example.com', down, bound))).resolves.toMatchObject({ ok: false });
    await expect(bootWith(inputs('http://localhost:5173', down))).resolves.toMatchObject({
      ok: false,
      problem: { message: expect.stringContaining('No allowed origins') },
    });
  });

  it('a cached list from another API is not used', async () => {
    const storage = memoryStorage();
    storage.setItem(
      `${ORIGIN_CACHE_PREFIX}test-project`,
      JSON.stringify({ v: 1, apiUrl: 'https://evil-api.test', origins: ['*'], savedAt: 0 }),
    );
    const down = () => Promise.reject(new TypeError('fetch failed'));
    await expect(bootWith(inputs('https://app.example.com', down, { storage }))).resolves.toMatchObject({ ok: false });
  });

  it('the API refusing the frame origin is Invalid App Configuration', async () => {
    const boot = await bootWith(
      inputs('https://app.example.com', () => json(403, { message: 'Unauthorized: origin not allowed' })),
    );
    expect(boot).toMatchObject({ ok: false, problem: { kind: 'origin' } });
  });

  it('every ancestor must be allowed', async () => {
    const allow = () => json(200, { allowedOrigins: ['https://app.example.com'] });
    const framed = inputs('https://app.example.com', allow, {
      ancestorOrigins: ['https://app.example.com', 'https://evil.test'],
    });
    await expect(bootWith(framed)).resolves.toMatchObject({
      ok: false,
      problem: { message: expect.stringContaining('https://evil.test') },
    });
  });

  it('an unreadable deployment file refuses to start', async () => {
    const broken = inputs('https://app.example.com', () => json(200, { allowedOrigins: ['*'] }), {
      deployment: async () => ({ ok: false, message: 'Invalid deployment.json: allowedOrigin: unrecognized key' }),
    });
    await expect(bootWith(broken)).resolves.toMatchObject({ ok: false, problem: { kind: 'config' } });
  });
});

describe("zod's English messages load beside the boot, out of the initial JS", () => {
  const allow = () => json(200, { allowedOrigins: ['https://app.example.com'] });

  it('a FrameConfig that fails is parsed again once they are loaded; a valid one never waits for them', async () => {
    let loaded = false;
    const messages = new Promise<void>((resolve) => setTimeout(() => ((loaded = true), resolve()), 0));
    const bad = inputs('https://app.example.com', allow, { config: { networks: 'none' }, messages });
    await expect(bootWith(bad)).resolves.toMatchObject({ ok: false, problem: { kind: 'config' } });
    expect(loaded).toBe(true);

    const never = new Promise<void>(() => {});
    const good = inputs('https://app.example.com', allow, { messages: never });
    await expect(bootWith(good)).resolves.toMatchObject({ ok: true });
  });
});

describe('fast refusal: the claimed parent origin is told, and nothing else', () => {
  it('posts exactly { type, reason } to window.parent with targetOrigin = the claimed origin', async () => {
    const boot = inputs('https://evil.test', () => json(200, { allowedOrigins: ['https://app.example.com'] }));
    await bootWith(boot);
    expect(boot.posted).toEqual([
      {
        message: {
          type: 'airlock:refused',
          reason: `Origin not allowed: https://evil.test. ${ORIGIN_HINT}`,
        },
        target: 'https://evil.test',
      },
    ]);
  });

  it('posts nothing when the frame starts, or when it is not embedded', async () => {
    const started = inputs('https://app.example.com', () => json(200, { allowedOrigins: ['https://app.example.com'] }));
    await bootWith(started);
    expect(started.posted).toEqual([]);
    const top = inputs('https://evil.test', () => json(200, { allowedOrigins: [] }), { embedded: false });
    await expect(bootWith(top)).resolves.toMatchObject({ ok: false });
    expect(top.posted).toEqual([]);
  });

  it('tells a parent with a bad config too, but only at a well-formed claimed origin', async () => {
    const noProject = inputs('https://app.example.com', () => json(200, {}), { config: { projectId: '' } });
    await bootWith(noProject);
    expect(noProject.posted).toEqual([
      {
        message: {
          type: 'airlock:refused',
          reason: 'Project ID Not Configured: pass the projectId of your project to createWidget',
        },
        target: 'https://app.example.com',
      },
    ]);
    expect(claimedParentOrigin(search({ parentOrigin: 'https://a.test/path' }))).toBeNull();
    expect(claimedParentOrigin(search({ parentOrigin: '*' }))).toBeNull();
    expect(claimedParentOrigin('?config=%7Bnope')).toBeNull();
    const post = vi.fn();
    expect(notifyRefusal({ postMessage: post }, '*', { kind: 'projectId' })).toBe(false);
    expect(post).not.toHaveBeenCalled();
  });

  it('keeps the reason within 200 characters', () => {
    const reason = refusalReason({ kind: 'config', message: 'x'.repeat(500) });
    expect(reason.length).toBe(MAX_REFUSAL_REASON);
  });
});
