import type { RpcErrorShape } from '@airlock/protocol';
import type { FrameStore } from './store.ts';

/**
 * The connection slice's small writes (a connect or reconnect starting and settling): each ONE state change on the frame's store and nothing else, so the
 * slice owns them; the actions (actions/connect.ts, restore.ts) decide when. The
 * transitions that connect and disconnect are in actions/connection.ts and disconnection.ts.
 * Each takes anything that holds the store (a `Frame`).
 */

/** What the writes go through: the frame's store (a `Frame` is one). */
type Holder = { store: FrameStore };

/** A connect starts: `connecting` (a connected wallet stays connected meanwhile), the last error cleared. */
export function connectStarted(frame: Holder): void {
  frame.store.setState((s) => ({
    connection: {
      ...s.connection,
      status: s.connection.status === 'connected' ? 'connected' : 'connecting',
      error: null,
    },
  }));
}

/** A connect settles without a connection: the status back (connected when a wallet still is), with `error` when given. */
export function connectSettled(frame: Holder, error: RpcErrorShape | null): void {
  frame.store.setState((s) => ({
    connection: { ...s.connection, status: s.connection.wallet ? 'connected' : 'disconnected', error },
  }));
}

/** A reload's silent reconnect starts (spec §4): `connecting` until it connects or settles. */
export function restoreStarted(frame: Holder): void {
  frame.store.setState((s) => ({ connection: { ...s.connection, status: 'connecting' } }));
}
