import { ErrorCode, type WalletListing } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { initialWalletConnect } from '../store/state.ts';
import { oneClickSignIn } from '../siwx/oneClickHooks.ts';
import { connect } from './connect.ts';
import { shakeModal, showRoute } from './modal.ts';

/**
 * WalletConnect flows of the modal: pairing with a QR code / deep link, a fresh URI
 * after expiry, cancelling. The connector (connectors/walletconnect) does the protocol.
 */

/** How long the pairing URI may take before the relay counts as unreachable, in ms (spec §9 default RPC timeout, 10 s). */
export const PAIRING_URI_TIMEOUT_MS = 10_000;

/** The detail shown when no pairing URI came within {@link PAIRING_URI_TIMEOUT_MS}. */
export const RELAY_UNREACHABLE = 'Could not reach the WalletConnect relay. Check your connection and try again.';

/** Opens ConnectingWalletConnect (for a listing wallet, or the plain entry) and starts a pairing. */
export function connectWalletConnect(frame: Frame, wallet?: WalletListing): Promise<void> {
  showRoute(frame, { view: 'ConnectingWalletConnect', ...(wallet ? { wallet } : {}) });
  return startPairing(frame, wallet);
}

/**
 * Creates a pairing URI (`walletConnect.uri`, status `pairing`) and waits for the
 * wallet, through the one {@link connect}. On approval the session is recorded like any
 * connection (spec §4 'On connect'), the listing wallet becoming a recent one. On a rejection
 * or relay error the store holds the error and the modal shakes (and pending
 * `eth_requestAccounts` reject with 4001 when the wallet rejected). Also 'Get a new QR code'
 * after expiry.
 */
export async function startPairing(frame: Frame, wallet?: WalletListing): Promise<void> {
  frame.runtime.pairing?.abort();
  const controller = new AbortController();
  frame.runtime.pairing = controller;
  const id = ++frame.runtime.pairingRun;
  const live = () => id === frame.runtime.pairingRun;
  frame.store.setState({ walletConnect: { ...initialWalletConnect, status: 'loading' } });
  // An unreachable relay never yields a URI: give up after PAIRING_URI_TIMEOUT_MS, say so,
  // and let 'Try again' start over (the late result of this run is then ignored).
  const timer = setTimeout(() => {
    if (!live() || frame.store.getState().walletConnect.status !== 'loading') return;
    frame.runtime.pairingRun++;
    controller.abort();
    frame.store.setState({
      walletConnect: {
        ...initialWalletConnect,
        status: 'error',
        error: { code: ErrorCode.InternalError, message: RELAY_UNREACHABLE },
      },
    });
    shakeModal(frame);
  }, PAIRING_URI_TIMEOUT_MS);
  const outcome = await connect(frame, frame.connectors.walletConnect, {
    signal: controller.signal,
    siwx: oneClickSignIn(frame),
    onStep: (step) =>
      step.type === 'uri' &&
      live() &&
      frame.store.setState({
        walletConnect: { uri: step.uri, uriCreatedAt: Date.now(), status: 'pairing', error: null },
      }),
    name: wallet?.name,
    recent: wallet?.rdns || wallet?.id,
    explorerId: wallet?.id,
  }).finally(() => clearTimeout(timer));
  if (frame.runtime.pairing === controller) frame.runtime.pairing = null;
  if (!live() || (outcome.type === 'cancelled' && outcome.reason === 'aborted')) return;
  if (outcome.type !== 'connected') {
    frame.store.setState({ walletConnect: { ...initialWalletConnect, status: 'error', error: outcome.error } });
  }
}

/** Stops the running pairing (the visitor left the view or closed the modal). */
export function cancelPairing(frame: Frame): void {
  if (frame.store.getState().walletConnect.status === 'idle') return;
  frame.runtime.pairingRun++;
  frame.runtime.pairing?.abort();
  frame.store.setState({ walletConnect: initialWalletConnect });
}
