import { WindowMessenger, connect, type Methods } from 'penpal';
import { Timeout, type HostMethods } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { createFrameMethods } from './frameMethods.ts';
import { installMessageFilter } from './messageFilter.ts';

/**
 * Connects to the host with penpal, ONLY after the parent origin was verified:
 * `WindowMessenger` on `window.parent` with `allowedOrigins: [frame.parentOrigin]`,
 * handshake timeout Timeout.handshake (20 000 ms, spec §9 iframe load timeout). Window
 * messages from the parent pass through {@link installMessageFilter} first. Attaches
 * the host to `frame.host` and starts the multi-wallet `connections` event
 * (connectionsEvents.ts, a chunk of its own loaded in the background).
 * @throws penpal's PenpalError CONNECTION_TIMEOUT when the host never answers.
 */
export async function connectToHost(frame: Frame): Promise<void> {
  const filter = installMessageFilter(window, window.parent);
  const messenger = new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [frame.parentOrigin] });
  const connection = connect<HostMethods>({
    messenger,
    methods: createFrameMethods(frame) as unknown as Methods,
    timeout: Timeout.handshake,
  });
  const host = await connection.promise;
  filter.markConnected();
  frame.host.attach(host);
  void import('./connectionsEvents.ts').then((m) => frame.runtime.cleanups.push(m.startConnectionsEvents(frame)));
}
