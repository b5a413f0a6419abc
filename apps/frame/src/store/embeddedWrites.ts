import type { EmailLoginState, EmbeddedState } from './state.ts';
import type { FrameStore } from './store.ts';

/**
 * The embedded slice's small writes (the secure frame's layouts, the email login's state): each
 * ONE state change on the frame's store and nothing else, so the slice owns them; the actions
 * (actions/embedded.ts, embeddedLogin.ts) decide when. Each takes anything that holds the store
 * (a `Frame`).
 */

/** What the writes go through: the frame's store (a `Frame` is one). */
type Holder = { store: FrameStore };

/** The secure frame's approval layout (null: hidden). */
export function approvalLayoutChanged(frame: Holder, layout: EmbeddedState['layout']): void {
  frame.store.setState((s) => ({ embedded: { ...s.embedded, layout } }));
}

/** The secure frame's socials slot layout (null: none shown). */
export function socialsLayoutChanged(frame: Holder, socialsLayout: EmbeddedState['socialsLayout']): void {
  frame.store.setState((s) => ({ embedded: { ...s.embedded, socialsLayout } }));
}

/** The running email login with `update` applied (no login: stays none). */
export function loginUpdated(frame: Holder, update: (login: EmailLoginState) => EmailLoginState | null): void {
  frame.store.setState((s) => ({
    embedded: { ...s.embedded, login: s.embedded.login ? update(s.embedded.login) : null },
  }));
}

/** The email login ends (cancelled or left). */
export function loginEnded(frame: Holder): void {
  frame.store.setState((s) => ({ embedded: { ...s.embedded, login: null } }));
}

/** The cached login data and the email forgotten (spec §4 'Disconnect clears cached login data'). */
export function loginDataForgotten(frame: Holder): void {
  frame.store.setState((s) => ({
    embedded: { ...s.embedded, email: null, emailLoginUsed: false, login: null, update: null, layout: null },
  }));
}
