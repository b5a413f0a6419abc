import type { HostEvent } from '@airlock/protocol';
import { startApi } from '../api/start.ts';
import { startHostEvents } from './events.ts';
import type { Frame } from '../store/frame.ts';
import { startingNetwork } from '../store/networks.ts';

/**
 * Starts a frame once the host is attached: loads the preferences (the frame's storage,
 * or the dapp-origin blob), sets the starting network, starts the one event subscriber
 * (the dapp's first `state`) and the provider-API side, checks earlier-granted storage
 * access for the secrets, loads the sign-in sessions (when on), then runs the silent reconnect. Resolves when the reconnect finished.
 * In embedded mode (FrameConfig `inline`) the modal opens at once and stays open (app/inline.ts).
 */
export async function startFrame(frame: Frame): Promise<void> {
  await frame.store.persist.rehydrate();
  frame.store.setState((s) => ({
    active: { ...s.active, caipNetworkId: startingNetwork(frame.config, s.preferences) },
  }));
  // Embedded mode: the host's layout comes from the App (height, inline or modal), not from `modal.open`.
  const sink = frame.config.inline
    ? { emit: (e: HostEvent) => frame.host.emit(e), setLayout: async () => {} }
    : frame.host;
  frame.runtime.cleanups.push(startHostEvents(frame.store, sink), startApi(frame));
  if (frame.config.inline) frame.runtime.cleanups.push((await import('./inline.ts')).startInline(frame));
  await frame.secrets.checkAccess();
  // Sign-in (only when the dapp turned it on): its sessions load before the silent reconnect.
  if (frame.config.siwx) frame.runtime.cleanups.push((await import('../siwx/watch.ts')).startSiwx(frame));
  // The reconnect (and the connection it records) loads after the first state, in its own chunk.
  await (await import('../actions/restore.ts')).restoreSession(frame);
  // Back from a social login in redirect mode (the page's result_uri): finish it in the secure frame.
  if (frame.config.resultUri) void import('../actions/socialReturn.ts').then((m) => m.finishSocialReturn(frame));
}
