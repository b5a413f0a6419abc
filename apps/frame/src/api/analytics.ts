import type { Frame } from '../store/frame.ts';
import { ApiAlert } from './alerts.ts';
import { ApiError } from './client.ts';

/** Events that are never sent (spec §7 'MODAL_CREATED is never sent'). */
export const NEVER_SENT: ReadonlySet<string> = new Set(['MODAL_CREATED']);

/** An analytics event (spec §3 'Analytics event'): the name and its props (e.g. `address`). */
export type AnalyticsEvent = { event: string; properties?: Record<string, unknown> };

/**
 * Sends one analytics event (spec §7 POST /e with body eventId, url, domain,
 * timestamp in ms, props) for the frame's verified parent origin. Sent only while the
 * `analytics` feature is on; MODAL_CREATED is never sent. A 403 shows the Invalid App
 * Configuration alert once per frame. Returns true when the API accepted it. Never throws.
 */
export async function sendAnalyticsEvent(
  frame: Frame,
  event: AnalyticsEvent,
  now: () => number = () => Date.now(),
): Promise<boolean> {
  const client = frame.api;
  if (!client || NEVER_SENT.has(event.event) || !frame.store.getState().features.features.analytics) return false;
  const page = frame.parentOrigin;
  let domain = '';
  try {
    domain = new URL(page).host;
  } catch {
    /* leave empty */
  }
  try {
    await client.call({
      path: '/e',
      method: 'POST',
      body: {
        eventId: crypto.randomUUID(),
        url: page,
        domain,
        timestamp: now(),
        props: { event: event.event, ...(event.properties ?? {}) },
      },
    });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      if (!frame.runtime.analyticsForbiddenShown) frame.store.setState({ apiAlert: ApiAlert.InvalidAppConfiguration });
      frame.runtime.analyticsForbiddenShown = true;
    }
    return false;
  }
}
