import { defaultRoute, openModal } from '../actions/modal.ts';
import { modalOpened, resetRoute } from '../store/modalWrites.ts';
import { connectionOf } from '../store/connection.ts';
import type { Frame } from '../store/frame.ts';

/**
 * Embedded (inline) mode (spec §2, FrameConfig `inline`): the host placed the iframe inside an
 * element of the page, so the widget is always shown. This keeps it so: the modal opens at once
 * (on Account when connected, otherwise Connect, {@link defaultRoute}) and whenever anything
 * closes it (the Close button, Escape, `close()`, a wallet that connected or disconnected), it
 * opens again on that view in the next microtask, before anything is painted. The closing itself
 * still happens, so `open()` callers and pending `eth_requestAccounts` settle as spec §2 and the
 * protocol say ('Closing resets the stack'). A connection that changes while the lone Connect or
 * Account view shows (the silent reconnect of a reload) swaps it for the other. Returns the stop function.
 */
export function startInline(frame: Frame): () => void {
  openModal(frame);
  let queued = false;
  const reopen = () => {
    queued = false;
    const s = frame.store.getState();
    if (!s.modal.open) modalOpened(frame, defaultRoute(frame, connectionOf(s).status === 'connected'));
  };
  return frame.store.subscribe((state, previous) => {
    if (previous.modal.open && !state.modal.open && !queued) {
      queued = true;
      queueMicrotask(reopen);
    }
    // A connection that changed without closing the modal (the silent reconnect of a reload, a
    // wallet that disconnected by itself): the lone Connect or Account view follows it.
    const connected = connectionOf(state).status === 'connected';
    const { stack, open } = state.modal;
    const lone = open && stack.length === 1 && (stack[0]!.view === 'Connect' || stack[0]!.view === 'Account');
    if (lone && connected !== (connectionOf(previous).status === 'connected')) {
      const route = defaultRoute(frame, connected);
      if (route.view !== stack[0]!.view) resetRoute(frame, route);
    }
  });
}
