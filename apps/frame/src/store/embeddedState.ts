import type { EmbeddedUser, SocialProvider } from '@airlock/protocol';
import type { AccountType } from './connectionTypes.ts';
import type { AlertText } from './alertText.ts';
import type { ShownError } from '../i18n/errorKeys.ts';

// The embedded wallet's slice of the frame state (re-exported by state.ts, which holds the whole state).

/**
 * Where the secure frame (origin C, the embedded wallet's keys) is in its lifecycle
 * (spec §4 'Embedded frame: created, then ready event, then a 500 ms delay, then
 * initialized'): `idle` (not created: it loads only for an email login or a restore),
 * `loading` (iframe created, waiting for `ready`), `ready` (the 500 ms after `ready`),
 * `initialized` (usable) or `failed` (load timeout or a broken channel: {@link EmbeddedState.alert}).
 */
export type SecureFrameStatus = 'idle' | 'loading' | 'ready' | 'initialized' | 'failed';

/** A step of the email login (EmailLogin view, spec §4 'connect email returns VERIFY_DEVICE, VERIFY_OTP or CONNECT'). */
export type EmailLoginStep = 'otp' | 'device' | 'connecting';

/** The running email login, null when none. */
export type EmailLoginState = {
  /** The address the code or the device link was mailed to. */
  email: string;
  /** What the visitor does now: type the code, approve the device, or wait for the connection. */
  step: EmailLoginStep;
  /** True while a call to the secure frame runs (submit, resend). */
  pending: boolean;
  /** The last failure shown under the code boxes ('Invalid code', 'Code expired', 'Please try again after N seconds' …), by message key where it has one. */
  error: ShownError | null;
  /** When the code may be sent again, ms since the epoch (spec §5, §9: 30 s cool-down). */
  resendAt: number;
};

/** A step of the email update (UpdateEmailWallet view, spec §4 'VERIFY_PRIMARY_OTP or VERIFY_SECONDARY_OTP'). */
export type EmailUpdateState = {
  /** `email`: the new address is typed; `primary`: the code sent to the current address; `secondary`: the code sent to the new one. */
  step: 'email' | 'primary' | 'secondary';
  /** The new address once submitted, else null. */
  newEmail: string | null;
  /** True while a call runs. */
  pending: boolean;
  /** The last failure, by message key where it has one; null when none. */
  error: ShownError | null;
};

/** What the secure frame asked to show (its `setLayout`), null while it shows nothing. */
export type ApprovalLayout = {
  /** Height in CSS px the secure frame needs (the ApproveTransaction view reserves it). */
  height: number;
  /** The `rpcRequest` id it is for, when it is one. */
  requestId: string | null;
};

/** Embedded-wallet slice (spec §3 Embedded user, account type; §4 email login; §8 embedded alerts). */
export type EmbeddedState = {
  /** The secure frame's lifecycle, see {@link SecureFrameStatus}. */
  status: SecureFrameStatus;
  /** The spec §8 alert to show ('Network Error - Could not load embedded wallet', 'Embedded Wallet Request Timed Out'), null when none. */
  alert: AlertText | null;
  /** The signed-in embedded user as the secure frame reported it (addresses and profile, never keys), null otherwise. */
  user: EmbeddedUser | null;
  /** The remembered login email (spec §3 'Local storage keeps … email'), null when none. */
  email: string | null;
  /** True once an email login succeeded in this browser (spec §3 email-login-used flag). */
  emailLoginUsed: boolean;
  /** Preferred account type on the active eip155 network (spec §3, §5; falls back to eoa, spec §4). */
  preferredAccountType: AccountType;
  /** The eip155 networks where the secure frame's deployment enables smart accounts (spec §3, §7 `smartAccountEnabledNetworks`). */
  smartAccountEnabledNetworks: string[];
  /** The running email login, null when none. */
  login: EmailLoginState | null;
  /** The running email update, null when none. */
  update: EmailUpdateState | null;
  /** The secure frame's approval layout, null while hidden. */
  layout: ApprovalLayout | null;
  /** The running social login (ConnectingSocial view), null when none. */
  social: SocialLoginState | null;
  /** The height (CSS px) the secure frame's social buttons need in Connect's socials slot, null while it shows none. */
  socialsLayout: { height: number } | null;
};

/** A social login waiting for its popup (spec §2 social popup; actions/socialLogin.ts). */
export type SocialLoginState = {
  /** The provider whose button was clicked in the secure frame; null while a redirect login is finished from the page's `result_uri` (actions/socialReturn.ts). */
  provider: SocialProvider | null;
  /** True while the popup is open and the login runs. */
  pending: boolean;
  /** The failure ('Popup closed', 'Failed to initiate social connection', …), by message key where it has one; null when none. */
  error: ShownError | null;
};

/** The initial embedded slice: nothing loaded, nobody signed in. */
export const initialEmbedded: EmbeddedState = {
  status: 'idle',
  alert: null,
  user: null,
  email: null,
  emailLoginUsed: false,
  preferredAccountType: 'eoa',
  smartAccountEnabledNetworks: [],
  login: null,
  update: null,
  layout: null,
  social: null,
  socialsLayout: null,
};
