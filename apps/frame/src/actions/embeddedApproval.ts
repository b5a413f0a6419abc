import type { Frame } from '../store/frame.ts';
import { pushed, type Route } from '../store/routes.ts';
import type { FrameState } from '../store/state.ts';

/**
 * The ApproveTransaction view's place in the stack (spec §4 'An unsafe request opens
 * ApproveTransaction. After success or error the transaction stack is popped, or the
 * modal closes if empty'), and the rule that leaving it rejects the request: a pending
 * approval whose view is no longer on the stack (the modal closed by Close, Escape or
 * the backdrop; Back) is aborted, so the dapp gets 4001.
 */

const isApproval = (route: Route, requestId: string) =>
  route.view === 'ApproveTransaction' && route.requestId === requestId;

/**
 * Shows ApproveTransaction for `requestId` (an RPC `method`): pushed over the open modal, or
 * the modal opened on it. When an approval already shows, the new one queues under it (the
 * secure frame shows its requests one at a time, oldest first, "Request 1 of 2"): it comes
 * up when the ones above it settle, so the view on top is always the request the secure
 * frame shows.
 */
export function showApproval(frame: Frame, requestId: string, method?: string): void {
  const route: Route = { view: 'ApproveTransaction', requestId, ...(method ? { method } : {}) };
  frame.store.setState((s) => {
    if (!s.modal.open) return { modal: { open: true, shake: false, stack: [route] } };
    const stack = s.modal.stack;
    let below = stack.length;
    while (below > 0 && stack[below - 1]!.view === 'ApproveTransaction') below--;
    if (below === stack.length) return { modal: { ...s.modal, stack: pushed(stack, route) } };
    return { modal: { ...s.modal, stack: [...stack.slice(0, below), route, ...stack.slice(below)] } };
  });
}

/**
 * Removes the ApproveTransaction view of `requestId` after the request settled: the
 * views under it stay (the stack is popped); when none stay the modal closes. A no-op
 * when the view is already gone.
 */
export function endApproval(frame: Frame, requestId: string): void {
  const { stack, open } = frame.store.getState().modal;
  if (!open || !stack.some((r) => isApproval(r, requestId))) return;
  const rest = stack.filter((r) => !isApproval(r, requestId));
  frame.store.setState(
    (s): Partial<FrameState> => ({
      modal: rest.length ? { ...s.modal, stack: rest } : { open: false, shake: false, stack: [{ view: 'Connect' }] },
      active: rest.length ? s.active : { ...s.active, error: null, switching: null },
    }),
  );
}

/**
 * Follows the store: every request in `pending` whose ApproveTransaction view left the
 * stack (or whose modal closed) is aborted with `abort` (RPC_ABORT, 4001 to the dapp).
 * Returns the unsubscribe function.
 */
export function watchApprovals(frame: Frame, pending: ReadonlySet<string>, abort: (requestId: string) => void) {
  return frame.store.subscribe((state) => {
    for (const requestId of [...pending]) {
      const shown = state.modal.open && state.modal.stack.some((r) => isApproval(r, requestId));
      if (!shown) abort(requestId);
    }
  });
}

/**
 * Follows the store: an email login or email update whose view (EmailLogin,
 * UpdateEmailWallet) left the stack — Back, or the modal closed — ends: its state is
 * cleared and `cancel` runs, so a late answer (a device approved later) connects nothing.
 * Returns the unsubscribe function.
 */
export function watchEmailFlows(frame: Frame, cancel: () => void) {
  return frame.store.subscribe((state) => {
    const { login, update } = state.embedded;
    const shown = (view: Route['view']) => state.modal.open && state.modal.stack.some((r) => r.view === view);
    const endLogin = login !== null && !shown('EmailLogin');
    const endUpdate = update !== null && !shown('UpdateEmailWallet');
    if (!endLogin && !endUpdate) return;
    if (endLogin) cancel();
    frame.store.setState((s) => ({
      embedded: {
        ...s.embedded,
        login: endLogin ? null : s.embedded.login,
        update: endUpdate ? null : s.embedded.update,
      },
    }));
  });
}
