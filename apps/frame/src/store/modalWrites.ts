import { pushed, replacedTop, topRoute, type Route } from './routes.ts';
import type { FrameStore } from './store.ts';

/**
 * The modal slice's writes (spec §2 view stack): each is ONE state change on the frame's store
 * and nothing else, so the slice owns them. Actions (actions/modal.ts re-exports these) decide
 * when; these say how the slice changes. Each takes anything that holds the store (a `Frame`).
 */

/** What the modal writes go through: the frame's store (a `Frame` is one). */
type Holder = { store: FrameStore };

/** True when two routes name the same view with the same parameters (routes are small plain objects). */
export const sameRoute = (a: Route, b: Route): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Opens the modal on `route`; the stack keeps its array when it already holds just that view (no re-render). */
export function modalOpened(frame: Holder, route: Route): void {
  frame.store.setState((s) => ({
    modal: {
      open: true,
      shake: s.modal.open ? s.modal.shake : false,
      stack: s.modal.stack.length === 1 && sameRoute(s.modal.stack[0]!, route) ? s.modal.stack : [route],
    },
  }));
}

/** Closes the modal on Connect (spec §2 'Closing resets the stack'), the connection's last error and switch cleared. */
export function modalClosed(frame: Holder): void {
  frame.store.setState((s) => ({
    modal: { open: false, shake: false, stack: [{ view: 'Connect' }] },
    active: { ...s.active, error: null, switching: null },
  }));
}

/** Pushes a view (no-op when the same view is on top). */
export function pushRoute(frame: Holder, route: Route): void {
  frame.store.setState((s) => ({ modal: { ...s.modal, stack: pushed(s.modal.stack, route) } }));
}

/** Replaces the top view when it is the same view, else pushes it. */
export function showRoute(frame: Holder, route: Route): void {
  frame.store.setState((s) => ({
    modal: {
      ...s.modal,
      stack:
        topRoute(s.modal.stack).view === route.view ? replacedTop(s.modal.stack, route) : pushed(s.modal.stack, route),
    },
  }));
}

/** Pops the top view; false (nothing changed) when only one is left. */
export function goBack(frame: Holder): boolean {
  const { stack } = frame.store.getState().modal;
  if (stack.length <= 1) return false;
  frame.store.setState((s) => ({ modal: { ...s.modal, stack: stack.slice(0, -1) } }));
  return true;
}

/** Resets the stack to one view. */
export function resetRoute(frame: Holder, route: Route = { view: 'Connect' }): void {
  frame.store.setState((s) => ({ modal: { ...s.modal, stack: [route] } }));
}

/** Starts the error shake (spec §2: 500 ms); the UI clears it when the animation ends. */
export function shakeModal(frame: Holder): void {
  frame.store.setState((s) => ({ modal: { ...s.modal, shake: true } }));
}

/** Ends the shake {@link shakeModal} started (its animation ended, or reduced motion skips it). */
export function endShake(frame: Holder): void {
  frame.store.setState((s) => ({ modal: { ...s.modal, shake: false } }));
}
