import { CallOptions, WindowMessenger, connect, type Methods } from 'penpal';
import { EMBEDDED_TIMEOUTS_MS, type EmbeddedParentMethods } from '@airlock/protocol';

/**
 * The link to the secure frame (origin C): the hidden iframe and its penpal
 * connection. Kept apart from the channel (channel.ts) so the unit tests can put an
 * in-process double of C in its place (testing/secureFrameDouble.ts).
 */

/** Calls a secure-frame method by name with positional `args`; rejects after `timeoutMs` (penpal METHOD_CALL_TIMEOUT) or when the link is gone. */
export type SecureFrameCall = (name: string, args: readonly unknown[], timeoutMs: number) => Promise<unknown>;

/** One live connection to a secure frame. */
export type SecureFrameConnection = {
  /** Calls one of C's methods (`secureFrameMethods`). The answer is NOT validated here. */
  call: SecureFrameCall;
  /** Closes the connection (penpal destroy). */
  close(): void;
};

/** How the widget frame reaches a secure frame. */
export type SecureFrameLink = {
  /**
   * Loads C (creating its iframe on first use) and connects with penpal, exposing
   * `parent` to it. Resolves once the handshake completed; rejects when it does not
   * complete within `timeoutMs` (spec §9: 20 s).
   */
  open(parent: EmbeddedParentMethods, timeoutMs: number): Promise<SecureFrameConnection>;
  /** The iframe element (to place over the ApproveTransaction view), null before {@link open} or for a double. */
  element(): HTMLIFrameElement | null;
  /** Removes the iframe (a later {@link open} creates a fresh one, which reloads C). */
  destroy(): void;
};

/**
 * The iframe link to `origin` (the deployment's `secureFrameOrigin`, never the page's
 * word): a hidden iframe appended to B's `document.body`, loaded from `origin + '/'`,
 * allowed only WebAuthn (`publickey-credentials-get` / `-create`, for C's passkeys on its own
 * origin; where an ancestor does not delegate them C uses its own window), and a penpal `WindowMessenger` that accepts messages
 * only from that window at exactly that origin.
 */
export function createIframeLink(origin: string, doc: Document = document): SecureFrameLink {
  let iframe: HTMLIFrameElement | null = null;
  let connection: { destroy(): void } | null = null;
  const create = () => {
    const el = doc.createElement('iframe');
    el.src = `${origin}/`;
    el.title = 'Embedded wallet';
    el.allow = 'publickey-credentials-get; publickey-credentials-create';
    el.setAttribute('data-testid', 'secure-frame');
    el.setAttribute('aria-hidden', 'true');
    el.tabIndex = -1;
    // Hidden until the secure frame asks to be shown (setLayout): not painted, not hit by the pointer.
    Object.assign(el.style, {
      position: 'fixed',
      left: '0px',
      top: '0px',
      width: '360px',
      height: '120px',
      border: '0',
      visibility: 'hidden',
      pointerEvents: 'none',
      zIndex: '2147483647',
      background: 'transparent',
      colorScheme: 'normal',
    });
    doc.body.appendChild(el);
    return el;
  };
  return {
    async open(parent, timeoutMs) {
      connection?.destroy();
      iframe ??= create();
      const remoteWindow = iframe.contentWindow;
      if (!remoteWindow) throw new Error('W3mFrame: iframe is not set');
      const messenger = new WindowMessenger({ remoteWindow, allowedOrigins: [origin] });
      const conn = connect<Methods>({
        messenger,
        methods: parent as unknown as Methods,
        timeout: timeoutMs,
      });
      connection = conn;
      const remote = (await conn.promise) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      return {
        call: (name, args, timeout) => {
          const fn = remote[name];
          if (typeof fn !== 'function') return Promise.reject(new Error(`Unknown secure-frame method ${name}`));
          return fn(...args, new CallOptions({ timeout: timeout || EMBEDDED_TIMEOUTS_MS.default }));
        },
        close: () => conn.destroy(),
      };
    },
    element: () => iframe,
    destroy() {
      connection?.destroy();
      connection = null;
      iframe?.remove();
      iframe = null;
    },
  };
}
