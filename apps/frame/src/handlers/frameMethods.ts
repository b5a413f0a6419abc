import { frameMethods, ok, serveMethods, type FrameMethods, type Result } from '@airlock/protocol';
import { disconnect } from '../actions/disconnect.ts';
import { closeModal, openModal } from '../actions/modal.ts';
import type { Frame } from '../store/frame.ts';
import { widgetState } from '../store/widgetState.ts';
import { routeRequest } from './request.ts';
import { handleWalletEvent } from './walletEvent.ts';

/**
 * The methods the frame exposes to the host (inbound), one handler per entry of the
 * protocol's `frameMethods` table, served with the protocol's `serveMethods`: the
 * positional arguments are validated with the table's schema (malformed input →
 * -32602, nothing changes) and anything thrown becomes a failed Result (nothing throws
 * across penpal).
 */

/** The multi-wallet actions, loaded on first use. */
const connections = () => import('../actions/connections.ts');

type Params<K extends keyof typeof frameMethods> = (typeof frameMethods)[K]['params']['_zod']['output'];
type Value<K extends keyof FrameMethods> = Awaited<ReturnType<FrameMethods[K]>> extends Result<infer V> ? V : never;
type Handlers = {
  [K in keyof FrameMethods & keyof typeof frameMethods]: (
    frame: Frame,
    ...args: Params<K>
  ) => Promise<Result<Value<K>>> | Result<Value<K>>;
};

const handlers: Handlers = {
  open: async (frame, options) => {
    const closed = frame.waiters.untilClosed();
    if (options?.namespace) {
      // Another namespace switches the network first (spec §2); loaded only when a dapp asks.
      const opened = await (await import('../actions/openNamespace.ts')).openOnNamespace(
        frame,
        options.namespace,
        options.view,
      );
      if (!opened.ok) return opened;
    } else openModal(frame, { view: options?.view });
    return ok(await closed);
  },
  close: (frame) => {
    closeModal(frame);
    return ok(null);
  },
  request: (frame, request) => routeRequest(frame, request),
  getState: (frame) => ok(widgetState(frame.store.getState())),
  // Loaded on the first switch (not in the frame's initial JS).
  switchNetwork: async (frame, caipNetworkId) =>
    (await import('../actions/switchNetwork.ts')).switchNetwork(frame, caipNetworkId),
  disconnect: (frame) => {
    disconnect(frame);
    return ok(null);
  },
  // Multi-wallet: its code loads on the first call (not in the frame's initial JS).
  getConnections: async (frame, chainNamespace) => ok((await connections()).listConnections(frame, chainNamespace)),
  switchConnection: async (frame, connection) => (await connections()).switchConnection(frame, connection),
  deleteConnection: async (frame, connection) => (await connections()).deleteConnection(frame, connection),
  // The theme's code loads with the theme (app/frame.ts), not in the initial JS.
  setTheme: async (frame, theme) => {
    await frame.runtime.themeStarted;
    return (await import('../ui/themeRuntime.ts')).setTheme(frame, theme);
  },
  walletEvent: async (frame, event) => {
    await handleWalletEvent(frame, event);
    return ok(null);
  },
};

/** The frame's methods for penpal, bound to `frame` (the protocol's `serveMethods`). Every call returns a Result and never throws. */
export function createFrameMethods(frame: Frame): FrameMethods {
  const call = handlers as unknown as Record<
    string,
    (frame: Frame, ...args: unknown[]) => Promise<Result<unknown>> | Result<unknown>
  >;
  return serveMethods(frameMethods, Object.keys(handlers) as (keyof Handlers)[], (name, args) =>
    call[name]!(frame, ...args),
  ) as unknown as FrameMethods;
}
