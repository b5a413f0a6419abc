import type { Frame } from '../store/frame.ts';
import type { FrameState } from '../store/state.ts';
import { ApiAlert } from './alerts.ts';
import { type ApiClient, ApiError } from './client.ts';
import { afterPaint } from '../core/afterPaint.ts';
import { connectionOf } from '../store/connection.ts';

/** Events that are never sent (spec §7 'MODAL_CREATED is never sent'). */
export const NEVER_SENT: ReadonlySet<string> = new Set(['MODAL_CREATED']);

/** An analytics event (spec §3 'Analytics event'): the name and its props (e.g. `address`). */
export type AnalyticsEvent = { event: string; properties?: Record<string, unknown> };

/**
 * Whether the provider API takes analytics for this project (spec §7 `GET /getAnalyticsConfig` →
 * `isAnalyticsEnabled`, only `true` counts), asked once per frame before its first event. A failed ask counts as
 * "no" for that event and is asked again with the next one. Never throws.
 */
function serverTakesAnalytics(frame: Frame, client: ApiClient): Promise<boolean> {
  frame.runtime.analyticsConfig ??= client
    .call<{ isAnalyticsEnabled?: unknown } | null>({ path: '/getAnalyticsConfig' })
    .then((answer) => answer?.isAnalyticsEnabled === true)
    .catch((error: unknown) => {
      frame.runtime.analyticsConfig = null;
      forbidden(frame, error);
      return false;
    });
  return frame.runtime.analyticsConfig;
}

/** A 403 from the API shows the Invalid App Configuration alert, once per frame. */
function forbidden(frame: Frame, error: unknown): void {
  if (error instanceof ApiError && error.status === 403) {
    if (!frame.runtime.analyticsForbiddenShown) frame.store.setState({ apiAlert: ApiAlert.InvalidAppConfiguration });
    frame.runtime.analyticsForbiddenShown = true;
  }
}

/**
 * Sends one analytics event (spec §7 POST /e with body eventId, url, domain,
 * timestamp in ms, props) for the frame's verified parent origin. Sent only while the
 * `analytics` feature is on and the API's `/getAnalyticsConfig` says it takes them;
 * MODAL_CREATED is never sent. A 403 shows the Invalid App Configuration alert once per
 * frame. Returns true when the API accepted it. Never throws.
 */
export async function sendAnalyticsEvent(
  frame: Frame,
  event: AnalyticsEvent,
  now: () => number = () => Date.now(),
): Promise<boolean> {
  const client = frame.api;
  if (!client || NEVER_SENT.has(event.event) || !frame.store.getState().features.features.analytics) return false;
  if (!(await serverTakesAnalytics(frame, client))) return false;
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
    forbidden(frame, error);
    return false;
  }
}

/**
 * The analytics events (spec §7) between two states: MODAL_OPEN / MODAL_CLOSE, CONNECT_SUCCESS
 * (with the address) / DISCONNECT_SUCCESS, and the sign-in's SIWX_AUTH_SUCCESS (with the network) /
 * SIWX_AUTH_ERROR (spec §4 sign-in flow 'tracks success', 'tracks an error'). Pure.
 */
export function analyticsEvents(state: FrameState, previous: FrameState): AnalyticsEvent[] {
  const events: AnalyticsEvent[] = [];
  if (state.modal.open !== previous.modal.open) events.push({ event: state.modal.open ? 'MODAL_OPEN' : 'MODAL_CLOSE' });
  const siwx = state.siwx;
  if (siwx.status !== previous.siwx.status) {
    if (siwx.status === 'error') events.push({ event: 'SIWX_AUTH_ERROR' });
    else if (previous.siwx.status === 'signing' && siwx.sessions !== previous.siwx.sessions)
      events.push({ event: 'SIWX_AUTH_SUCCESS', properties: { network: siwx.lastCaipNetworkId } });
  }
  const { status, address } = connectionOf(state);
  if (status !== connectionOf(previous).status) {
    if (status === 'connected') events.push({ event: 'CONNECT_SUCCESS', properties: { address } });
    if (status === 'disconnected' && connectionOf(previous).status === 'connected')
      events.push({ event: 'DISCONNECT_SUCCESS' });
  }
  return events;
}

/**
 * Tracks the frame's analytics events from `since` on ({@link analyticsEvents} of each store change,
 * the first against `since`), each sent after the next paint by {@link sendAnalyticsEvent} (which
 * drops them while the feature is off). @returns stop
 */
export function trackAnalytics(frame: Frame, since: FrameState): () => void {
  const send = (state: FrameState, previous: FrameState) => {
    for (const event of analyticsEvents(state, previous)) afterPaint(() => void sendAnalyticsEvent(frame, event));
  };
  send(frame.store.getState(), since);
  return frame.store.subscribe(send);
}
