import { Alert } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import type { AlertText } from '../store/state.ts';
import { ApiError } from './client.ts';

/** The provider-API alerts of spec §8 that are not in `@airlock/protocol`'s `Alert`. */
export const ApiAlert = {
  InvalidAppConfiguration: Alert.InvalidAppConfiguration,
  InvalidProjectId: {
    key: 'alert.InvalidProjectId',
    short: 'Invalid Project ID',
    long: 'The project id is not known to the provider API.',
  },
  SessionExpired: {
    key: 'alert.SessionExpired',
    short: 'Session Expired',
    long: 'Invalid session. Check your time settings and reconnect.',
  },
  ServerError: { key: 'alert.ServerError', short: 'Server Error', long: 'Failed to get app configuration.' },
  RateLimited: { key: 'alert.RateLimited', short: 'Rate Limited', long: 'Too many requests. Try again later.' },
} as const satisfies Record<string, AlertText>;

/**
 * Maps a failed API call to its spec §8 alert:
 * 'Unauthorized: origin not allowed' → Invalid App Configuration,
 * 'Unauthorized: invalid key' → Invalid Project ID,
 * 'JWT Token is not yet valid' → Session Expired,
 * 429 → Rate Limited, 500–599 → Server Error (its `detail` names the status and message as the cause).
 * Anything else (network errors included) → null.
 */
export function alertForError(error: unknown): AlertText | null {
  if (!(error instanceof ApiError)) return null;
  if (error.message.includes('Unauthorized: origin not allowed')) return ApiAlert.InvalidAppConfiguration;
  if (error.message.includes('Unauthorized: invalid key')) return ApiAlert.InvalidProjectId;
  if (error.message.includes('JWT Token is not yet valid')) return ApiAlert.SessionExpired;
  if (error.status === 429) return ApiAlert.RateLimited;
  if (error.status >= 500 && error.status <= 599) {
    return { ...ApiAlert.ServerError, detail: `status ${error.status}: ${error.message}` };
  }
  return null;
}

/** Shows the alert for `error` (see {@link alertForError}) over the modal; returns it, or null when the error has none. */
export function reportApiError(frame: Frame, error: unknown): AlertText | null {
  const alert = alertForError(error);
  if (alert) frame.store.setState({ apiAlert: alert });
  return alert;
}

/**
 * Shows `alert` over the modal in the same place as the provider-API alerts (one at a time, the
 * newest wins), e.g. the info alert 'Multi-Wallet Not Enabled' (spec §6). The visitor sees it
 * when the modal is open and dismisses it with its button.
 */
export function showAlert(frame: Frame, alert: AlertText): void {
  frame.store.setState({ apiAlert: alert });
}

/** Hides the provider-API alert. */
export function dismissApiAlert(frame: Frame): void {
  frame.store.setState({ apiAlert: null });
}
