import { afterPaint } from '../core/afterPaint.ts';
import type { Frame } from '../store/frame.ts';
import { loadRemoteFeatures } from './features.ts';

/**
 * Starts the frame's provider-API side (spec §4 'Remote features are then fetched'):
 * loads the remote features, and sends analytics events (spec §7) for MODAL_OPEN /
 * MODAL_CLOSE, CONNECT_SUCCESS (with the address) / DISCONNECT_SUCCESS, and the sign-in's
 * SIWX_AUTH_SUCCESS (with the network) / SIWX_AUTH_ERROR (spec §4 sign-in flow 'tracks success' and 'tracks an error'), derived
 * from store changes, each sent after the next paint (so the request never delays the
 * opening modal's paint). The sender loads on the first event while analytics is on (it stays out
 * of the frame's initial JS). Returns the stop function. Never throws.
 */
export function startApi(frame: Frame): () => void {
  void loadRemoteFeatures(frame);
  const track = (event: string, properties?: Record<string, unknown>) => {
    if (!frame.store.getState().features.features.analytics) return;
    afterPaint(
      () =>
        void import('./analytics.ts').then(({ sendAnalyticsEvent }) =>
          sendAnalyticsEvent(frame, properties ? { event, properties } : { event }),
        ),
    );
  };
  return frame.store.subscribe((state, previous) => {
    if (state.modal.open !== previous.modal.open) track(state.modal.open ? 'MODAL_OPEN' : 'MODAL_CLOSE');
    const siwx = state.siwx;
    if (siwx.status !== previous.siwx.status) {
      if (siwx.status === 'error') track('SIWX_AUTH_ERROR');
      else if (previous.siwx.status === 'signing' && siwx.sessions !== previous.siwx.sessions)
        track('SIWX_AUTH_SUCCESS', { network: siwx.lastCaipNetworkId });
    }
    const { status, address } = state.connection;
    if (status === previous.connection.status) return;
    if (status === 'connected') track('CONNECT_SUCCESS', { address });
    if (status === 'disconnected' && previous.connection.status === 'connected') track('DISCONNECT_SUCCESS');
  });
}
