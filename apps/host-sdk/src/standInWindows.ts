/**
 * Test support (not part of the SDK): two stand-in windows for the host SDK's unit tests.
 *
 * happy-dom cannot give an iframe a second origin, so these carry the messages: what one
 * side posts arrives at the other as a `message` event on this window with the sender's
 * window as `source`, its origin as `origin`, structured-cloned data and the transferred
 * MessagePorts. Two real origins in a real browser are covered by the e2e specs.
 */

/** The frame's origin in the unit tests. */
export const FRAME_ORIGIN = 'http://127.0.0.1:15174';

const stand = (source: () => Window, origin: () => string) =>
  ({
    postMessage: (data: unknown, opts?: { transfer?: Transferable[] }) =>
      setTimeout(() =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: structuredClone(data),
            origin: origin(),
            source: source() as unknown as MessageEventSource,
            ports: (opts?.transfer ?? []) as MessagePort[],
          }),
        ),
      ),
  }) as unknown as Window;

/** The frame's view of the page: what the frame posts here, the host hears from `frameWindow` at FRAME_ORIGIN. */
export const parentWindow: Window = stand(
  () => frameWindow,
  () => FRAME_ORIGIN,
);

/** The iframe's window as the host sees it (mock `HTMLIFrameElement.contentWindow` with it). */
export const frameWindow: Window = stand(
  () => parentWindow,
  () => location.origin,
);
