// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createWidget, type Widget } from './createWidget.ts';
import { ProviderRpcError } from './ProviderRpcError.ts';
import { FRAME_ORIGIN, frameWindow } from './standInWindows.ts';

// The fast refusal: a frame that refuses the page posts { type: 'airlock:refused', reason }
// to its parent, and the host gives up at once instead of after the 20 s handshake timeout.
// The frame's side, across two real origins, is proven by the e2e specs.

const REFUSED = { type: 'airlock:refused', reason: 'http://127.0.0.2:5175 is not an allowed origin' };
const MESSAGE = `Airlock: origin not allowed (${REFUSED.reason})`;

/** Delivers a `message` event on the page's window, as the browser would. */
const deliver = (data: unknown, origin: string, source: unknown) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }));

let widget: Widget;
let consoleError: MockInstance<typeof console.error>;
beforeEach(async () => {
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(frameWindow);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  widget = createWidget({ projectId: 'demo', networks: [], frameUrl: `${FRAME_ORIGIN}/` });
  // The refusal comes from the frame, so after its iframe exists (mounted in a task after the page's load).
  await vi.waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
});
afterEach(() => {
  widget.destroy();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the host when the frame refuses the page', () => {
  it('rejects pending and later calls, open() included, with 4900 and the reason, without waiting for the handshake timeout', async () => {
    vi.useFakeTimers(); // no timer runs: the rejection cannot come from the 20 s handshake timeout
    const chainId = widget.getProvider('eip155').request({ method: 'eth_chainId' });
    const signing = widget.getProvider('eip155').request({ method: 'personal_sign', params: ['0x00', '0x01'] });
    const opened = widget.open();
    deliver(REFUSED, FRAME_ORIGIN, frameWindow);

    const failure = { code: 4900, message: MESSAGE };
    await expect(chainId).rejects.toBeInstanceOf(ProviderRpcError);
    await expect(chainId).rejects.toMatchObject(failure);
    await expect(signing).rejects.toMatchObject(failure);
    await expect(opened).rejects.toMatchObject(failure);
    await expect(widget.open()).rejects.toMatchObject(failure);
    await expect(widget.switchNetwork('eip155:31338')).rejects.toMatchObject(failure);
    await expect(widget.getProvider('eip155').request({ method: 'eth_accounts' })).rejects.toMatchObject(failure);
    expect(consoleError.mock.calls).toEqual([[MESSAGE]]);
  });

  it('caps the reason and keeps the first refusal', async () => {
    deliver({ type: 'airlock:refused', reason: 'x'.repeat(5000) }, FRAME_ORIGIN, frameWindow);
    deliver({ type: 'airlock:refused', reason: 'second' }, FRAME_ORIGIN, frameWindow);
    await expect(widget.open()).rejects.toMatchObject({
      code: 4900,
      message: `Airlock: origin not allowed (${'x'.repeat(200)})`,
    });
    expect(consoleError).toHaveBeenCalledOnce();
  });

  it('ignores the same message from the page itself, from another origin or of another shape', async () => {
    const forged = { type: 'airlock:refused', reason: 'forged' };
    const chainId = widget.getProvider('eip155').request({ method: 'eth_chainId' });
    // A page script posts the refusal to its own window (source: the page, origin: the page).
    const heard = new Promise((resolve) => addEventListener('message', resolve, { once: true }));
    window.postMessage(forged, '*');
    await heard;
    // Forgeries a browser would not even allow, to show each check on its own.
    deliver(forged, FRAME_ORIGIN, window); // the frame's origin but not its window
    deliver(forged, 'http://127.0.0.2:5175', frameWindow); // the frame's window, another origin
    deliver({ type: 'airlock:refused', reason: 42 }, FRAME_ORIGIN, frameWindow);
    deliver({ type: 'airlock:refused' }, FRAME_ORIGIN, frameWindow);
    deliver('airlock:refused', FRAME_ORIGIN, frameWindow);
    expect(consoleError).not.toHaveBeenCalled();

    // The widget still waits for its frame: the frame's own refusal is the one that counts.
    deliver(REFUSED, FRAME_ORIGIN, frameWindow);
    await expect(chainId).rejects.toMatchObject({ code: 4900, message: MESSAGE });
    expect(consoleError.mock.calls).toEqual([[MESSAGE]]);
  });

  it('open() after a refusal reveals the frame’s notice (and still rejects); the frame’s notice-closed hides it', async () => {
    const iframe = document.querySelector('iframe')!;
    deliver(REFUSED, FRAME_ORIGIN, frameWindow);
    await expect(widget.getProvider('eip155').request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4900 });
    expect(iframe.inert).toBe(true); // nothing shows until the dapp opens the widget
    await expect(widget.open()).rejects.toMatchObject({ code: 4900, message: MESSAGE });
    expect(iframe.inert).toBe(false);
    expect(iframe.style.opacity).toBe('');

    // Only the frame may close it: the page itself or another origin cannot.
    deliver({ type: 'airlock:notice-closed' }, location.origin, window);
    deliver({ type: 'airlock:notice-closed' }, 'http://127.0.0.2:5175', frameWindow);
    expect(iframe.inert).toBe(false);
    deliver({ type: 'airlock:notice-closed' }, FRAME_ORIGIN, frameWindow);
    expect(iframe.inert).toBe(true);
    expect(iframe.style.opacity).toBe('0');
  });

  it('ignores notice-closed before any refusal', () => {
    const iframe = document.querySelector('iframe')!;
    const layout = vi.spyOn(iframe, 'focus');
    deliver({ type: 'airlock:notice-closed' }, FRAME_ORIGIN, frameWindow);
    expect(iframe.inert).toBe(true);
    expect(layout).not.toHaveBeenCalled();
  });
});
