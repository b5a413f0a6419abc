import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Features } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { createTestFrame, testConfig } from '../testing/testFrame.ts';
import { createApiClient, type ApiClient } from './client.ts';
import { sendAnalyticsEvent } from './analytics.ts';
import { loadRemoteFeatures } from './features.ts';
import { checkRemoteOrigin } from './remote.ts';

/** A frame (not started) using `client`, configured with `features` and `basic`. */
async function frameWith(client: ApiClient, features?: Features, basic?: boolean): Promise<Frame> {
  const config = { ...testConfig(), ...(features ? { features } : {}), ...(basic ? { basic } : {}) };
  return (await createTestFrame({ api: client, config, start: false })).frame;
}
const setFeatures = (frame: Frame, features: Features) =>
  frame.store.setState({ features: { features, source: 'local' } });

function api(handler: (url: URL, init?: RequestInit) => Response | Promise<Response>) {
  const calls: { url: URL; body?: unknown }[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return handler(url, init);
  }) as typeof fetch;
  return {
    client: createApiClient({ baseUrl: 'http://api.test', projectId: 'p', fetch: fetchFn, sleep: async () => {} }),
    calls,
  };
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('remote features (spec §1)', () => {
  it('remote features replace the local settings, with a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client } = api(() => json(200, { features: { activity: false, analytics: false, email: true } }));
    const frame = await frameWith(client, { activity: true, send: false });
    await loadRemoteFeatures(frame);
    const { features, source } = frame.store.getState().features;
    expect(source).toBe('remote');
    expect(features).toMatchObject({ activity: false, analytics: false, email: true, send: true });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('local feature settings are ignored'));
  });

  it('basic mode turns every remote feature off, the API’s spec §1 defaults included', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const defaults = {
      swaps: true,
      onramp: true,
      email: true,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
      activity: true,
      multiWallet: false,
      analytics: true,
    };
    const { client } = api(() => json(200, { features: defaults }));
    const frame = await frameWith(client, undefined, true);
    await loadRemoteFeatures(frame);
    expect(frame.store.getState().features.features).toMatchObject({
      activity: false,
      email: false,
      swaps: false,
      onramp: false,
      socials: false,
      multiWallet: false,
      receive: true,
    });
  });

  it('keeps the local features when the API fails, and shows the 5xx alert', async () => {
    const { client } = api(() => json(500, { message: 'boom' }));
    const frame = await frameWith(client, { activity: false });
    await loadRemoteFeatures(frame);
    expect(frame.store.getState().features).toMatchObject({
      source: 'local',
      features: { activity: false, send: true },
    });
    expect(frame.store.getState().apiAlert?.short).toBe('Server Error');
  });
});

describe('allowed origins from /projects/v1/origins (spec §5)', () => {
  it('matches the parent against the project list with wildcards', async () => {
    const { client } = api(() => json(200, { allowedOrigins: ['https://*.example.com'] }));
    await expect(checkRemoteOrigin(client, 'https://app.example.com')).resolves.toMatchObject({
      kind: 'remote',
      allowed: true,
    });
    await expect(checkRemoteOrigin(client, 'https://evil.test')).resolves.toMatchObject({
      kind: 'remote',
      allowed: false,
    });
  });

  it('is refused when the API rejects this origin', async () => {
    const { client } = api(() => json(403, { message: 'Unauthorized: origin not allowed' }));
    await expect(checkRemoteOrigin(client, 'https://app.example.com')).resolves.toMatchObject({ kind: 'refused' });
  });

  it('falls back when the API is down or too slow', async () => {
    const down = api(() => Promise.reject(new TypeError('fetch failed')));
    await expect(checkRemoteOrigin(down.client, 'https://a.test')).resolves.toMatchObject({ kind: 'fallback' });
    vi.useFakeTimers();
    try {
      const slow = api(() => new Promise<Response>(() => {}));
      const pending = checkRemoteOrigin(slow.client, 'https://a.test', 2000);
      await vi.advanceTimersByTimeAsync(2000);
      await expect(pending).resolves.toMatchObject({ kind: 'fallback' });
    } finally {
      vi.useRealTimers();
    }
    await expect(checkRemoteOrigin(null, 'https://a.test')).resolves.toEqual({ kind: 'fallback' });
  });
});

describe('analytics (spec §7)', () => {
  /** The API: `/getAnalyticsConfig` answers `enabled`, `/e` stores. */
  const analyticsApi = (enabled: boolean) =>
    api((url) =>
      url.pathname === '/getAnalyticsConfig' ? json(200, { isAnalyticsEnabled: enabled }) : json(200, { stored: true }),
    );
  const events = (calls: { url: URL; body?: unknown }[]) => calls.filter((c) => c.url.pathname === '/e');

  it('sends events only while analytics is on, never MODAL_CREATED', async () => {
    const { client, calls } = analyticsApi(true);
    const frame = await frameWith(client);
    setFeatures(frame, { analytics: true });
    await expect(sendAnalyticsEvent(frame, { event: 'MODAL_CREATED' })).resolves.toBe(false);
    await expect(
      sendAnalyticsEvent(frame, { event: 'CONNECT_SUCCESS', properties: { address: '0x1' } }, () => 42),
    ).resolves.toBe(true);
    expect(events(calls)).toHaveLength(1);
    expect(events(calls)[0]!.body).toMatchObject({
      url: 'http://localhost:15173',
      domain: 'localhost:15173',
      timestamp: 42,
      props: { event: 'CONNECT_SUCCESS', address: '0x1' },
    });
    setFeatures(frame, { analytics: false });
    await expect(sendAnalyticsEvent(frame, { event: 'CONNECT_SUCCESS' })).resolves.toBe(false);
    expect(events(calls)).toHaveLength(1);
  });

  it('asks /getAnalyticsConfig once, and sends nothing when the API says analytics is off', async () => {
    const on = analyticsApi(true);
    const frame = await frameWith(on.client);
    setFeatures(frame, { analytics: true });
    await sendAnalyticsEvent(frame, { event: 'A' });
    await sendAnalyticsEvent(frame, { event: 'B' });
    expect(on.calls.map((c) => c.url.pathname)).toEqual(['/getAnalyticsConfig', '/e', '/e']);

    const off = analyticsApi(false);
    const quiet = await frameWith(off.client);
    setFeatures(quiet, { analytics: true });
    await expect(sendAnalyticsEvent(quiet, { event: 'A' })).resolves.toBe(false);
    await expect(sendAnalyticsEvent(quiet, { event: 'B' })).resolves.toBe(false);
    expect(off.calls.map((c) => c.url.pathname)).toEqual(['/getAnalyticsConfig']);
  });

  it('a failed /getAnalyticsConfig sends nothing for that event and is asked again with the next', async () => {
    let up = false;
    const { client, calls } = api((url) =>
      !up
        ? Promise.reject(new TypeError('fetch failed'))
        : url.pathname === '/getAnalyticsConfig'
          ? json(200, { isAnalyticsEnabled: true })
          : json(200, { stored: true }),
    );
    const frame = await frameWith(client);
    setFeatures(frame, { analytics: true });
    await expect(sendAnalyticsEvent(frame, { event: 'A' })).resolves.toBe(false);
    up = true;
    await expect(sendAnalyticsEvent(frame, { event: 'B' })).resolves.toBe(true);
    expect(events(calls)).toHaveLength(1);
  });

  it('a 403 shows the invalid-configuration alert once', async () => {
    const { client } = api(() => json(403, { message: 'Unauthorized: origin not allowed' }));
    const frame = await frameWith(client);
    setFeatures(frame, { analytics: true });
    await sendAnalyticsEvent(frame, { event: 'A' });
    expect(frame.store.getState().apiAlert?.short).toBe('Invalid App Configuration');
    frame.store.setState({ apiAlert: null });
    await sendAnalyticsEvent(frame, { event: 'B' });
    expect(frame.store.getState().apiAlert).toBeNull();
  });
});
