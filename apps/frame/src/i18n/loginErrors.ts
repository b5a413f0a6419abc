import { LoginErrorKey, loginErrorData, type RpcErrorShape } from '@airlock/protocol';
import type { ShownError } from './errorKeys.ts';

/**
 * The login errors as the modal shows them (email, social, Farcaster, passkey, device approval):
 * the secure frame tags each with the protocol's `LoginErrorData` (`data.messageKey`, `params`).
 * The key is used only when the protocol's zod schema knows it (no arbitrary key lookups, even
 * from the trusted secure frame); otherwise, and for an older secure frame without keys, the
 * message shows in its own words as before. No English text is compared to pick a key.
 */

/** Every login error message key (`error.Login<Name>`), for i18n/extraKeys.ts. */
export const LOGIN_ERROR_KEYS: readonly string[] = Object.values(LoginErrorKey);

/**
 * What to show for a failed login step `error` (a Result's error from the secure frame, or the
 * frame's own): its key, English message and params when `data` is a known {@link LoginErrorKey},
 * else the message as it came. Pure; never throws.
 */
export function loginShownError(error: Pick<RpcErrorShape, 'message' | 'data'>): ShownError {
  const data = loginErrorData(error.data);
  if (!data) return error.message;
  return data.params
    ? { key: data.messageKey, text: error.message, params: data.params }
    : { key: data.messageKey, text: error.message };
}
