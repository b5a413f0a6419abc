import { describe, expect, it } from 'vitest';
import { ApiAlert, alertForError } from './alerts.ts';
import { ApiError } from './client.ts';

// Spec §8: the provider API's error answers become the alerts the visitor reads over the modal.
describe('alertForError (spec §8 provider-API alerts)', () => {
  it('maps a JWT that is not yet valid (the visitor’s clock is behind) to Session Expired', () => {
    const alert = alertForError(new ApiError(401, 'JWT Token is not yet valid'));
    expect(alert).toMatchObject({
      key: 'alert.SessionExpired',
      short: 'Session Expired',
      long: 'Invalid session. Check your time settings and reconnect.',
    });
  });

  it('maps the two Unauthorized answers to their own alerts', () => {
    expect(alertForError(new ApiError(403, 'Unauthorized: origin not allowed'))).toBe(ApiAlert.InvalidAppConfiguration);
    expect(alertForError(new ApiError(401, 'Unauthorized: invalid key'))?.short).toBe('Invalid Project ID');
  });

  it('maps 429 to Rate Limited and a 5xx to Server Error naming the status', () => {
    expect(alertForError(new ApiError(429, 'slow down'))?.short).toBe('Rate Limited');
    const server = alertForError(new ApiError(503, 'upstream down'));
    expect(server?.short).toBe('Server Error');
    expect(server?.detail).toBe('status 503: upstream down');
  });

  it('shows nothing for a network error, a 4xx it does not know, or a non-API error', () => {
    expect(alertForError(new ApiError(0, 'Failed to fetch'))).toBeNull();
    expect(alertForError(new ApiError(404, 'Not found'))).toBeNull();
    expect(alertForError(new Error('JWT Token is not yet valid'))).toBeNull();
  });
});
