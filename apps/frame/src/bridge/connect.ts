import { WindowMessenger, connect, type Methods } from 'penpal';
import { Timeout, type HostMethods } from '@airlock/protocol';
import { createFrameMethods } from './frameMethods.ts';
import { installMessageFilter } from './messageFilter.ts';
import { setHost, type HostBridge } from './host.ts';

/**
 * Connects to the host with penpal (DESIGN.md §2), ONLY after the parent
 * origin was verified: `WindowMessenger` on `window.parent` with
 * `allowedOrigins: [parentOrigin]`, handshake timeout Timeout.handshake
 * (20 000 ms, spec §9 iframe load timeout). Window messages from the parent
 * pass through {@link installMessageFilter} first. Resolves with the host proxy,
 * also stored with `setHost`.
 * @throws penpal's PenpalError CONNECTION_TIMEOUT when the host never answers.
 */
export async function connectToHost(parentOrigin: string): Promise<HostBridge> {
  const filter = installMessageFilter(window, window.parent);
  const messenger = new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [parentOrigin] });
  const connection = connect<HostMethods>({
    messenger,
    methods: createFrameMethods() as unknown as Methods,
    timeout: Timeout.handshake,
  });
  const host = await connection.promise;
  filter.markConnected();
  setHost(host);
  return host;
}
