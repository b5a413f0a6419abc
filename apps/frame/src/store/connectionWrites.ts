import type { RpcErrorShape } from '@airlock/protocol';
import type { FrameStore } from './store.ts';

/**
 * The active slice's small writes (a connect or reconnect starting and settling): each ONE state
 * change on the frame's store and nothing else, so the slice owns them; the actions
 * (actions/connect.ts, restore.ts) decide when. What they change is only what the connections
 * cannot say (a connect in progress, its error): the status shown follows from them
 * (`connectionOf`, store/connection.ts). The transitions that connect and disconnect are in
 * actions/connection.ts and disconnection.ts. Each takes anything that holds the store (a `Frame`).
 */

/** What the writes go through: the frame's store (a `Frame` is one). */
type Holder = { store: FrameStore };

/** A connect starts: in progress (a connected wallet stays shown meanwhile), the last error cleared. */
export function connectStarted(frame: Holder): void {
  frame.store.setState((s) => ({ active: { ...s.active, connecting: true, error: null } }));
}

/** A connect settles without a connection: no longer in progress, with `error` when given. */
export function connectSettled(frame: Holder, error: RpcErrorShape | null): void {
  frame.store.setState((s) => ({ active: { ...s.active, connecting: false, error } }));
}

/** A reload's silent reconnect starts (spec §4): `connecting` until it connects or settles. */
export function restoreStarted(frame: Holder): void {
  frame.store.setState((s) => ({ active: { ...s.active, connecting: true } }));
}
