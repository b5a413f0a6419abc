import { afterPaint } from '../core/afterPaint.ts';
import type { Frame } from '../store/frame.ts';
import { loadRemoteFeatures } from './features.ts';

/**
 * Starts the frame's provider-API side (spec §4 'Remote features are then fetched'): loads the
 * remote features and, once the `analytics` feature is on, the analytics tracker (api/analytics.ts,
 * its own chunk, after the next paint: it stays out of the frame's initial JS and never delays a
 * paint). Changes between the moment analytics turned on and the tracker's start are not lost: the
 * tracker starts from the state of that moment. Returns the stop function. Never throws.
 */
export function startApi(frame: Frame): () => void {
  let stopTracking = () => {};
  let started = false;
  const unsubscribe = frame.store.subscribe((state) => {
    if (started || !state.features.features.analytics) return;
    started = true;
    afterPaint(
      () =>
        void import('./analytics.ts').then(({ trackAnalytics }) => {
          stopTracking = trackAnalytics(frame, state);
        }),
    );
  });
  void loadRemoteFeatures(frame);
  return () => {
    unsubscribe();
    stopTracking();
  };
}
