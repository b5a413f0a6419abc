import { useConnectionStore } from '../stores/connection.ts';
import { useAccountStore } from '../stores/account.ts';
import { useModalStore } from '../stores/modal.ts';
import { useOptionsStore } from '../stores/options.ts';
import { sendAnalyticsEvent } from './analytics.ts';
import { getApiClient } from './instance.ts';
import { loadRemoteFeatures } from './remote.ts';

/**
 * Starts the frame's provider-API side after boot (spec §4 'Remote features
 * are then fetched'): loads /appkit/v1/config into the features store (local
 * features stand when it fails), and sends analytics events (spec §7) for
 * MODAL_OPEN / MODAL_CLOSE and CONNECT_SUCCESS (with the address) /
 * DISCONNECT_SUCCESS while the analytics feature is on. Never throws.
 */
export function startApi(): void {
  const config = useOptionsStore.getState().config;
  const page = useOptionsStore.getState().parentOrigin ?? '';
  void loadRemoteFeatures(getApiClient(), config?.features, config?.basic === true);
  const track = (event: string, properties?: Record<string, unknown>) =>
    void sendAnalyticsEvent(getApiClient(), page, properties ? { event, properties } : { event });
  useModalStore.subscribe((state, previous) => {
    if (state.open !== previous.open) track(state.open ? 'MODAL_OPEN' : 'MODAL_CLOSE');
  });
  useConnectionStore.subscribe((state, previous) => {
    if (state.status === previous.status) return;
    if (state.status === 'connected') track('CONNECT_SUCCESS', { address: useAccountStore.getState().address });
    if (state.status === 'disconnected' && previous.status === 'connected') track('DISCONNECT_SUCCESS');
  });
}
