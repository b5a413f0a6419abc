import type { ApiClient } from './client.ts';
import { ApiError } from './client.ts';
import { ApiAlert, useApiAlertStore } from './alerts.ts';
import { useFeaturesStore } from './remote.ts';

/** Events that are never sent (spec §7 'MODAL_CREATED is never sent'). */
export const NEVER_SENT: ReadonlySet<string> = new Set(['MODAL_CREATED']);

/** An analytics event (spec §3 'Analytics event'): the name and its props (e.g. `address`). */
export type AnalyticsEvent = { event: string; properties?: Record<string, unknown> };

let forbiddenShown = false;

/** Tests: forget that the 403 alert was shown. */
export function resetAnalyticsForTests(): void {
  forbiddenShown = false;
}

/**
 * Sends one analytics event (spec §7 POST /e with body eventId, url, domain,
 * timestamp in ms, props). Sent only while the `analytics` feature is on;
 * MODAL_CREATED is never sent. A 403 shows the Invalid App Configuration alert
 * once per frame. Returns true when the API accepted it. Never throws.
 * @param page the dapp page (`url` and `domain` of the event): the verified parent origin
 */
export async function sendAnalyticsEvent(
  client: ApiClient | null,
  page: string,
  event: AnalyticsEvent,
  now: () => number = () => Date.now(),
): Promise<boolean> {
  if (!client || NEVER_SENT.has(event.event) || !useFeaturesStore.getState().features.analytics) return false;
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
      if (!forbiddenShown) useApiAlertStore.setState({ alert: ApiAlert.InvalidAppConfiguration });
      forbiddenShown = true;
    }
    return false;
  }
}
