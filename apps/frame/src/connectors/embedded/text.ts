import type { AlertText } from '../../store/state.ts';

/** The embedded wallet's alerts and messages (spec §8), verbatim. */

/** The secure frame did not load within 20 s, or its channel broke (spec §8). */
export const LOAD_FAILED_ALERT: AlertText = {
  key: 'alert.embeddedLoadFailed',
  short: 'Network Error - Could not load embedded wallet',
  long: 'Try again later.',
};

/** A call to the secure frame got no answer in its time limit (spec §8). */
export const REQUEST_TIMED_OUT = 'Embedded Wallet Request Timed Out';

/** The alert for {@link REQUEST_TIMED_OUT}. */
export const REQUEST_TIMED_OUT_ALERT: AlertText = {
  key: 'alert.embeddedRequestTimedOut',
  short: REQUEST_TIMED_OUT,
  long: 'The embedded wallet did not answer in time. Try again.',
};

/** What a pending request gets when the visitor closes the approval (spec §8, EIP-1193 4001). */
export const REQUEST_ABORTED = 'Request was aborted';

/** Spec §5 'Updating email requires connection through email or social login'; the §8 message, verbatim. */
export const UPDATE_EMAIL_NEEDS_LOGIN = 'Not connected to email or social';

/** Spec §8: the secure frame is not deployed, or not usable. */
export const NO_AUTH_CONNECTOR = 'No auth connector found';
