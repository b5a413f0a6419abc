// @vitest-environment happy-dom
import type { Network } from '@airlock/protocol';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createWidget, type Widget } from './createWidget.ts';
import { ProviderRpcError } from './ProviderRpcError.ts';
import { SDK_VERSION } from './version.ts';

// Penpal across two real origins is covered by the e2e specs. happy-dom does not load
// iframe pages (it prints a NotSupportedError for each, expected) and gives the iframe no window, so
// these tests stand in a window that never answers: the "origin not allowed" case,
// where the frame refuses to connect. frameChannel.test.ts connects a real penpal frame.

const network: Network = {
  id: 31337,
  name: 'Anvil A',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:18545'] } },
};
const frameUrl = 'http://127.0.0.1:15174/';
const options = {
  projectId: 'demo-project',
  networks: [network],
  frameUrl,
  metadata: { name: 'Demo dapp' },
  themeMode: 'dark' as const,
  features: { send: false },
};

const silentWindow = { postMessage: () => {} } as unknown as Window;

let widget: Widget | undefined;
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(silentWindow);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  widget?.destroy();
  widget = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createWidget', () => {
  it('mounts the iframe at once when a call comes before its own task', () => {
    widget = createWidget(options);
    void widget.open().catch(() => {});
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    void widget
      .getProvider('eip155')
      .request({ method: 'eth_chainId' })
      .catch(() => {});
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('mounts nothing in the calling task, then exactly one hidden iframe on body with the frame config in its URL', async () => {
    widget = createWidget(options);
    expect(document.querySelectorAll('iframe')).toHaveLength(0); // mounted in a later task, not the dapp's
    await vi.waitFor(() => expect(document.querySelectorAll('iframe')).toHaveLength(1));
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    const frame = frames[0]!;
    expect(frame.parentElement).toBe(document.body);
    expect(frame.title).toBe('Airlock wallet widget');
    expect(frame.getAttribute('allow')).toBe('clipboard-write');

    const src = frame.getAttribute('src')!;
    const prefix = `${frameUrl}?config=`;
    expect(src.startsWith(prefix)).toBe(true);
    const config = JSON.parse(decodeURIComponent(src.slice(prefix.length)));
    const { frameUrl: _omitted, ...rest } = options;
    expect(config).toEqual({ ...rest, parentOrigin: location.origin, sdkVersion: SDK_VERSION });

    expect(frame.style.opacity).toBe('0'); // hidden but rendered: opening only reveals it
    expect(frame.inert).toBe(true); // no click, no focus while hidden
    expect(frame.style.position).toBe('fixed');
    expect(frame.style.zIndex).toBe('2147483647');
    expect(frame.style.width).toBe('100%');
    expect(frame.style.height).toBe('100%');
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('throws on a frameUrl that is not a URL, without mounting anything', () => {
    expect(() => createWidget({ ...options, frameUrl: 'not a url' })).toThrow(TypeError);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('has no state before the frame emits one', () => {
    widget = createWidget(options);
    expect(widget.getState()).toBeUndefined();
  });

  it('destroy() removes the iframe', () => {
    widget = createWidget(options);
    widget.destroy();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('destroy() before the handshake rejects waiting and later calls with 4900 at once, silently', async () => {
    vi.useFakeTimers(); // no timer runs: the rejection cannot come from the handshake timeout
    widget = createWidget(options);
    const chainId = widget.getProvider('eip155').request({ method: 'eth_chainId' });
    widget.destroy();
    await expect(chainId).rejects.toMatchObject({ code: 4900 });
    await expect(widget.open()).rejects.toMatchObject({ code: 4900 });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('calls made before the handshake wait, then reject with 4900 naming the origin when it fails', async () => {
    vi.useFakeTimers();
    widget = createWidget(options);
    const provider = widget.getProvider('eip155');
    const chainId = provider.request({ method: 'eth_chainId' });
    const opened = widget.open();
    const settled = vi.fn();
    chainId.catch(settled);
    opened.catch(() => {});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(10_000);
    const message = `Airlock: frame not connected (is ${location.origin} allowed?)`;
    const failure = { code: 4900, message };
    await expect(chainId).rejects.toBeInstanceOf(ProviderRpcError);
    await expect(chainId).rejects.toMatchObject(failure);
    await expect(opened).rejects.toMatchObject(failure);
    await expect(widget.switchNetwork('eip155:31338')).rejects.toMatchObject(failure);
    expect(consoleError.mock.calls.filter(([m]) => m === message)).toHaveLength(1);
  });

  it('takes result_uri off the address without a reload and hands it to the frame as resultUri', async () => {
    const before = location.href;
    history.replaceState({ route: 'kept' }, '', '/app?x=1&result_uri=tg%3A%2F%2Fresolve%3Fdomain%3Dbot&y=2#top');
    try {
      widget = createWidget(options);
      expect(location.pathname + location.search + location.hash).toBe('/app?x=1&y=2#top');
      expect(history.state).toEqual({ route: 'kept' });
      await vi.waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
      const src = document.querySelector('iframe')!.getAttribute('src')!;
      const config = JSON.parse(new URL(src).searchParams.get('config')!);
      expect(config.resultUri).toBe('tg://resolve?domain=bot');
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it('leaves an address without result_uri alone', () => {
    const before = location.href;
    const replace = vi.spyOn(history, 'replaceState');
    widget = createWidget(options);
    expect(replace).not.toHaveBeenCalled();
    expect(location.href).toBe(before);
  });

  it('announces its eip155 provider (EIP-6963) in a task after the call unless announce is false, and stops answering on destroy()', async () => {
    const heard: { info: { rdns: string; name: string }; provider: unknown }[] = [];
    const listen = (e: Event) => heard.push((e as CustomEvent).detail);
    addEventListener('eip6963:announceProvider', listen);
    try {
      widget = createWidget({ ...options, announce: { name: 'Example' } });
      expect(heard).toHaveLength(0); // not in the dapp's task
      await vi.waitFor(() => expect(heard).toHaveLength(1));
      expect(heard[0]!.provider).toBe(widget.getProvider('eip155'));
      expect(heard[0]!.info).toMatchObject({ name: 'Example', rdns: 'xyz.airlock' });
      widget.destroy();
      dispatchEvent(new Event('eip6963:requestProvider'));
      expect(heard).toHaveLength(1);

      const quiet = createWidget({ ...options, announce: false });
      quiet.getState(); // a member read sets it up now, so it would answer the request below
      dispatchEvent(new Event('eip6963:requestProvider'));
      quiet.destroy();
      expect(heard).toHaveLength(1);
    } finally {
      removeEventListener('eip6963:announceProvider', listen);
    }
  });

  it('puts the overlay at themeVariables.zIndex, and keeps announce out of the frame config', async () => {
    widget = createWidget({ ...options, themeVariables: { zIndex: 10, accent: '#f60' }, announce: { name: 'X' } });
    await vi.waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    const frame = document.querySelector('iframe')!;
    expect(frame.style.zIndex).toBe('10');
    const config = JSON.parse(new URL(frame.src).searchParams.get('config')!);
    expect(config.themeVariables).toEqual({ zIndex: 10, accent: '#f60' });
    expect(config).not.toHaveProperty('announce');
  });

  it("on a loaded page, a member read in the dapp's own task sets the widget up at once", () => {
    const heard: Event[] = [];
    const listen = (e: Event) => heard.push(e);
    addEventListener('eip6963:announceProvider', listen);
    try {
      widget = createWidget(options);
      expect(heard).toHaveLength(0);
      const provider = widget.getProvider('eip155');
      expect(heard).toHaveLength(1);
      expect((heard[0] as CustomEvent).detail.provider).toBe(provider);
    } finally {
      removeEventListener('eip6963:announceProvider', listen);
    }
  });
});

describe('createWidget while the page is still loading', () => {
  /** Counts the widget's EIP-6963 traffic on the page: its announcements and its discovery requests. */
  const listenTo = (type: string) => {
    const heard: Event[] = [];
    const on = (e: Event) => heard.push(e);
    addEventListener(type, on);
    return { heard, stop: () => removeEventListener(type, on) };
  };
  /** A task later (the widget mounts its iframe in a task of its own). */
  const aTaskLater = () => new Promise((resolve) => setTimeout(resolve, 20));

  it("sets up nothing inside the page's load: no EIP-6963 traffic and no iframe until the load event", async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const announced = listenTo('eip6963:announceProvider');
    const requested = listenTo('eip6963:requestProvider');
    try {
      widget = createWidget(options);
      await aTaskLater();
      expect(announced.heard).toHaveLength(0);
      expect(requested.heard).toHaveLength(0);
      expect(document.querySelectorAll('iframe')).toHaveLength(0);

      readyState.mockReturnValue('complete');
      dispatchEvent(new Event('load'));
      expect(announced.heard).toHaveLength(0); // not inside the load event either: a task after it
      await vi.waitFor(() => expect(announced.heard).toHaveLength(1));
      expect(requested.heard).toHaveLength(1); // discovery of the page's own wallets
      expect((announced.heard[0] as CustomEvent).detail.provider).toBe(widget.getProvider('eip155'));
      await vi.waitFor(() => expect(document.querySelectorAll('iframe')).toHaveLength(1));
    } finally {
      announced.stop();
      requested.stop();
    }
  });

  it('sets up at once when the dapp uses the widget during the load, and still mounts the iframe only after it', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const announced = listenTo('eip6963:announceProvider');
    try {
      widget = createWidget(options);
      const provider = widget.getProvider('eip155');
      expect(announced.heard).toHaveLength(1);
      expect(widget.getProvider('eip155')).toBe(provider);
      expect(widget.getState()).toBeUndefined();
      await aTaskLater();
      expect(document.querySelectorAll('iframe')).toHaveLength(0);

      readyState.mockReturnValue('complete');
      dispatchEvent(new Event('load'));
      await vi.waitFor(() => expect(document.querySelectorAll('iframe')).toHaveLength(1));
      expect(announced.heard).toHaveLength(1); // set up once
    } finally {
      announced.stop();
    }
  });

  it('still throws on a bad frameUrl and takes result_uri off the address in the call itself', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    expect(() => createWidget({ ...options, frameUrl: 'not a url' })).toThrow(TypeError);
    const before = location.href;
    history.replaceState(null, '', '/app?result_uri=tg%3A%2F%2Fx');
    try {
      widget = createWidget(options);
      expect(location.search).toBe('');
    } finally {
      history.replaceState(null, '', before);
    }
  });
});
