/**
 * A guard in front of penpal (the frame distrusts the page; docs/architecture.md).
 *
 * penpal's WindowMessenger acts on any window message from the parent that
 * looks like penpal: a stray `SYN` drops the established MessagePort, a
 * v6-style message switches it to the deprecated protocol, and a `CALL`
 * posted on the window reaches the exposed methods. After the handshake
 * every legitimate message travels over the private MessagePort, so this
 * filter lets through, from the parent window, only well-formed handshake
 * messages (SYN, ACK1, ACK2) and only until the handshake completes.
 * Everything else from the parent window is stopped before penpal sees it.
 */

type Handshake = { namespace: 'penpal'; type: 'SYN' | 'ACK1' | 'ACK2'; channel?: undefined };

/** True for a well-formed penpal v7 handshake message without a channel (the one the host and frame use). */
export function isHandshakeMessage(data: unknown): data is Handshake {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false;
  const m = data as Record<string, unknown>;
  if (m.namespace !== 'penpal' || m.channel !== undefined || 'penpal' in m) return false;
  if (m.type === 'SYN')
    return typeof m.participantId === 'string' && m.participantId.length > 0 && m.participantId.length <= 64;
  if (m.type === 'ACK1') {
    return (
      Array.isArray(m.methodPaths) &&
      m.methodPaths.length <= 64 &&
      m.methodPaths.every(
        (p) => Array.isArray(p) && p.length <= 4 && p.every((s) => typeof s === 'string' && s.length <= 64),
      )
    );
  }
  return m.type === 'ACK2';
}

/** Controls of an installed filter. */
export type MessageFilter = {
  /** Call once penpal connected: from then on no window message from the parent passes. */
  markConnected: () => void;
  /** Removes the filter. */
  remove: () => void;
};

/**
 * Installs the filter on `target` (the frame's window) for messages from
 * `parent`. Must run BEFORE penpal's messenger registers its listener, so it
 * can stop the event first (`stopImmediatePropagation`).
 */
export function installMessageFilter(target: Window, parent: Window): MessageFilter {
  let connected = false;
  const listener = (event: MessageEvent) => {
    if (event.source !== parent) return;
    if (!connected && isHandshakeMessage(event.data)) return;
    event.stopImmediatePropagation();
  };
  target.addEventListener('message', listener, true);
  return {
    markConnected: () => {
      connected = true;
    },
    remove: () => target.removeEventListener('message', listener, true),
  };
}
