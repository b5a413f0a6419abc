import { z } from 'zod/mini';
import { SocialMessage } from './embedded.ts';

/**
 * The login errors the secure frame (and the provider API behind it) can answer, by name, with
 * their English words. Both sides agree on this one table: the secure frame (and the API) tag
 * an error with its message key `error.Login<Name>` ({@link LoginErrorKey}); the widget frame
 * shows the key's translation, and the English text where a catalog lacks it. `{{name}}` is a
 * parameter (i18next interpolation) carried in {@link LoginErrorData}'s `params`.
 *
 * Covers the email, social (spec §5 providers), Farcaster, passkey and device-approval logins.
 */
export const LoginErrorText = {
  /** API 400: the code does not match (or was used). */
  InvalidCode: 'Invalid code',
  /** API 400: the code is past its lifetime. */
  CodeExpired: 'Code expired. Request a new code',
  /** API 400: the code's tries are used up. */
  TooManyAttempts: 'Too many attempts. Request a new code',
  /** API 429: the last mail to this address went out less than 30 s ago; `seconds` to wait (spec §5). */
  Cooldown: 'Please try again after {{seconds}} seconds',
  /** API 429: a rate limit of the address or client is reached; `seconds` to wait. */
  RateLimited: 'Too many requests. Please try again after {{seconds}} seconds',
  /** API 502: the code mail could not be sent. */
  MailFailed: 'Could not send the email. Please try again',
  /** The secure frame could not reach the API (network down, server stopped, timeout). */
  Unreachable: 'Could not reach the wallet server. Please try again',
  /** The visitor cancelled the login (social, passkey). */
  Rejected: 'Connection rejected',
  /** A social or passkey login did not finish in time. */
  TimedOut: 'The sign-in took too long. Please try again',
  /** Social: the popup was closed before the provider answered. */
  PopupClosed: SocialMessage.PopupClosed,
  /** Social: the login could not start. */
  InitiateFailed: SocialMessage.InitiateFailed,
  /** Social redirect: the `result_uri` is not the API's. */
  InvalidResult: SocialMessage.InvalidResult,
  /** Social redirect: the flow was started by another device key. */
  OtherDevice: SocialMessage.OtherDevice,
  /** Social redirect: the browser keeps the secure frame's storage in memory only. */
  NoStorage: SocialMessage.NoStorage,
  /** Farcaster: the sign-in channel expired. */
  FarcasterExpired: 'The Farcaster sign-in expired. Please try again',
  /** Farcaster: the visitor did not approve in the Farcaster app in time. */
  FarcasterNotApproved: 'The Farcaster sign-in was not approved in time. Please try again',
  /** Passkey: the browser's passkey prompt ended without a passkey. */
  PasskeyNotUsed: 'No passkey was used',
  /** Passkey: the passkey window could not open. */
  PasskeyPopupBlocked: 'Allow pop-ups to use a passkey here',
  /** Device approval: the approval link expired. */
  ApprovalExpired: 'The approval link expired. Please try again',
  /** Device approval: no answer in time. */
  DeviceNotApproved: 'The device was not approved in time. Please try again',
  /** Device approval: the visitor denied this device. */
  DeviceDenied: 'The device was denied',
  /** Widget frame: the typed email is not an email (spec §5), checked before anything is sent. */
  InvalidEmail: 'Invalid email',
  /** Widget frame: the typed code is not 6 digits, checked before anything is sent. */
  EnterCode: 'Enter the 6-digit code',
} as const;

/** A login error's name (a key of {@link LoginErrorText}). */
export type LoginErrorName = keyof typeof LoginErrorText;

/** The message key of each login error, `error.Login<Name>` (the widget frame's catalogs hold them all). */
export const LoginErrorKey = Object.fromEntries(
  Object.keys(LoginErrorText).map((name) => [name, `error.Login${name}`]),
) as { readonly [N in LoginErrorName]: `error.Login${N}` };

/** Every login error message key. */
export const LOGIN_ERROR_KEYS = Object.values(LoginErrorKey) as [string, ...string[]];

/**
 * The `data` of a keyed login error (`{ code, message, data }` of a failed Result, or the `key`
 * and `params` of an API error body): `messageKey` is one of {@link LoginErrorKey}, `params` the
 * values of its `{{name}}` placeholders (e.g. `{ seconds: 12 }`). Strict: anything else is refused,
 * so a receiver never looks up an arbitrary key.
 */
export const LoginErrorData = z.strictObject({
  messageKey: z.enum(LOGIN_ERROR_KEYS),
  params: z.optional(
    z.record(
      z.string().check(z.regex(/^[a-z][A-Za-z]{0,31}$/)),
      z.union([z.number(), z.string().check(z.maxLength(64))]),
    ),
  ),
});

/** A parsed {@link LoginErrorData}. */
export type LoginErrorData = z.infer<typeof LoginErrorData>;

/** `data` as a {@link LoginErrorData}, or undefined when it is not one (unknown key, malformed). Never throws. */
export function loginErrorData(data: unknown): LoginErrorData | undefined {
  const parsed = LoginErrorData.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** The {@link LoginErrorData} of login error `name`, with `params` when given. */
export function loginError(name: LoginErrorName, params?: Record<string, number | string>): LoginErrorData {
  return params ? { messageKey: LoginErrorKey[name], params } : { messageKey: LoginErrorKey[name] };
}

/** The English text of a login error with its `params` filled in (for the `message` beside the key). */
export function loginErrorMessage(data: LoginErrorData): string {
  const name = data.messageKey.slice('error.Login'.length) as LoginErrorName;
  return LoginErrorText[name].replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(data.params?.[p] ?? ''));
}
