import { afterPaint } from '../core/afterPaint.ts';
import type { ChainNamespace } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { goBack, modalClosed, modalOpened, resetRoute, shakeModal } from '../store/modalWrites.ts';
import { topRoute, type OpenableView, type Route } from '../store/routes.ts';
import { basicModeView, isMobileUserAgent } from '../listing/platform.ts';
import { refreshWallets } from './wallets.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * The first view when the modal opens (spec §2 opening rules): an explicit view wins
 * (Account needs an account and falls back; ConnectingFarcaster needs none, Account when connected); a connected address goes to Account;
 * while disconnected, wallet-only basic mode goes to AllWallets on mobile and
 * ConnectingWalletConnectBasic otherwise; anything else to Connect. Pure.
 */
export function initialRoute(connected: boolean, view?: OpenableView, basic?: { mobile: boolean }): Route {
  if (view === 'Networks' || view === 'AllWallets' || view === 'Connect') return { view };
  if (connected) return { view: 'Account' };
  // Sign In With Farcaster (spec §2 ConnectingFarcaster) only while disconnected.
  if (view === 'ConnectingFarcaster') return { view };
  if (basic) return { view: basicModeView(basic.mobile) };
  return { view: 'Connect' };
}

/**
 * Wallet-only basic mode of `frame` (FrameConfig.basic), or the manual-control flag (FrameConfig.manualWCControl,
 * spec §2 'the same choice applies'), with the visitor's device kind; undefined when both are off.
 */
const basicOf = (frame: Frame) =>
  frame.config.basic || frame.config.manualWCControl ? { mobile: isMobileUserAgent(navigator.userAgent) } : undefined;

/**
 * The view `open()` without an explicit view shows now ({@link initialRoute} with no view): what
 * the closed modal keeps rendered, hidden, so that opening only reveals it. Pure on the state.
 */
export function defaultRoute(frame: Frame, connected: boolean): Route {
  return initialRoute(connected, undefined, basicOf(frame));
}

/**
 * Shows the modal on the view of {@link initialRoute} (one state change; the host's
 * overlay follows from it) and, once it is painted, refreshes the page's wallets (spec §2). The stack keeps its
 * array when it already holds just that view, so the rendered view is not rendered again.
 * With `namespace` ('solana': a Solana dapp's `connect()`), Connect lists only that namespace's wallets.
 */
export function openModal(
  frame: Frame,
  options: { view?: OpenableView | undefined; namespace?: ChainNamespace | undefined } = {},
): void {
  const connected = connectionOf(frame.store.getState()).status === 'connected';
  const opened = initialRoute(connected, options.view, basicOf(frame));
  const route: Route =
    opened.view === 'Connect' && options.namespace ? { ...opened, namespace: options.namespace } : opened;
  modalOpened(frame, route);
  afterPaint(() => void refreshWallets(frame));
}

/**
 * Closes the modal (spec §2 'Closing resets the stack to Connect') in one state change:
 * the overlay hides, `open()` callers get the connected caipAddress, pending
 * `eth_requestAccounts` reject with 4001 'Modal closed' (store/waiters.ts).
 * A no-op when already closed; refused with a shake on SIWXSignMessage while sign-in is
 * required and the account has no session (spec §2).
 */
export function closeModal(frame: Frame): void {
  if (!frame.store.getState().modal.open) return;
  // Spec §2: no closing SIWXSignMessage while sign-in is required and there is no session.
  if (frame.runtime.siwx?.locked(frame.store.getState())) {
    shakeModal(frame);
    return;
  }
  modalClosed(frame);
}

/** The view on top of the stack. */
export function currentRoute(frame: Frame): Route {
  return topRoute(frame.store.getState().modal.stack);
}

/**
 * Leaves the view on top (a view that cannot show itself): back to the one below it, or, when it
 * is the only one, to the view `open()` shows first ({@link defaultRoute}). The connection stays.
 */
export function leaveView(frame: Frame): void {
  if (goBack(frame)) return;
  resetRoute(frame, defaultRoute(frame, connectionOf(frame.store.getState()).status === 'connected'));
}

// The modal slice's writes (store/modalWrites.ts), for the actions and views that navigate.
export { endShake, goBack, pushRoute, resetRoute, sameRoute, shakeModal, showRoute } from '../store/modalWrites.ts';
