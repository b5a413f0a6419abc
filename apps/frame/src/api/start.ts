import { afterPaint } from '../core/afterPaint.ts';
import type { Frame } from '../store/frame.ts';
import { sendAnalyticsEvent } from './analytics.ts';
import { loadRemoteFeatures } from './features.ts';

/**
 * Starts the frame's provider-API side (spec §4 'Remote features are then fetched'):
 * loads the remote features, and sends analytics events (spec §7) for MODAL_OPEN /
 * MODAL_CLOSE and CONNECT_SUCCESS (with the address) / DISCONNECT_SUCCESS, derived
 * from store changes, each sent after the next paint (so the request never delays the
 * opening modal's paint). Returns the stop function. Never throws.
 */
export function startApi(frame: Frame): () => void {
  void loadRemoteFeatures(frame);
  const track = (event: string, properties?: Record<string, unknown>) =>
    afterPaint(() => void sendAnalyticsEvent(frame, properties ? { event, properties } : { event }));
  return frame.store.subscribe((state, previous) => {
    if (state.modal.open !== previous.modal.open) track(state.modal.open ? 'MODAL_OPEN' : 'MODAL_CLOSE');
    const { status, address } = state.connection;
    if (status === previous.connection.status) return;
    if (status === 'connected') track('CONNECT_SUCCESS', { address });
    if (status === 'disconnected' && previous.connection.status === 'connected') track('DISCONNECT_SUCCESS');
  });
}
