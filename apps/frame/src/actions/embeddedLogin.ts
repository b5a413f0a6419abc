import {
  cancelled,
  EmailSchema,
  ErrorCode,
  OtpSchema,
  err,
  loginError,
  ok,
  type CaipNetworkId,
  type Result,
} from '@airlock/protocol';
import type { ConnectorSession } from '../connectors/types.ts';
import type { EmbeddedConnector } from '../connectors/embedded/connector.ts';
import { clearLoginData, readLoginData, writeLoginData } from '../connectors/embedded/loginData.ts';
import { NO_AUTH_CONNECTOR } from '../connectors/embedded/text.ts';
import type { Frame } from '../store/frame.ts';
import type { ShownError } from '../i18n/errorKeys.ts';
import { loginShownError } from '../i18n/loginErrors.ts';
import { cancelConnect, connect } from './connect.ts';
import { pushed, topRoute } from '../store/routes.ts';
import { goBack, shakeModal } from './modal.ts';
import { loginDataForgotten, loginEnded, loginUpdated } from '../store/embeddedWrites.ts';

/**
 * The email login (spec §4 'Email login'): CONNECT_EMAIL answers VERIFY_OTP (the
 * EmailLogin view asks for the mailed code), VERIFY_DEVICE (it waits while the visitor
 * approves this device through the mailed link, then CONNECT_DEVICE) or CONNECT (the
 * secure frame already has a session). A success stores the email and the
 * email-login-used flag, clears the last-email-login time, and records the connection
 * (the modal closes). Every failure is shown in the view and loses nothing (the email,
 * the step); the visitor can retry.
 */

/** Spec §5, §9: an email login cannot be triggered again within 30 s of the last, ms. */
export const EMAIL_COOLDOWN_MS = 30_000;

/** Spec §5: the cool-down message for `seconds` left. */
export function cooldownMessage(seconds: number): string {
  return `Please try again after ${seconds} seconds`;
}

/** Seconds left of the cool-down that started at `last` (ms since the epoch), 0 when over. Pure. */
export function cooldownLeft(last: number | null, now: number): number {
  if (last === null) return 0;
  const left = last + EMAIL_COOLDOWN_MS - now;
  return left > 0 ? Math.ceil(left / 1_000) : 0;
}

const setLogin = loginUpdated;

const failLogin = (frame: Frame, error: ShownError) => {
  setLogin(frame, (login) => ({ ...login, pending: false, error }));
  shakeModal(frame);
};

/** The embedded connector, or a failed Result naming why there is none (spec §8 'No auth connector found'). */
function embeddedOf(frame: Frame): Result<EmbeddedConnector> {
  const connector = frame.connectors.embedded;
  return connector ? ok(connector) : err(ErrorCode.InternalError, NO_AUTH_CONNECTOR);
}

/**
 * Finishes a login step that yields the session (the code, the device approval, an existing
 * session) through the one {@link connect}: on success the login data is stored (spec §4) in the
 * same turn, before the connection is recorded; a failure shows its message in the view. A login
 * cancelled meanwhile (its email no longer the running one) ends as `aborted` and changes nothing.
 */
async function settleLogin(
  frame: Frame,
  connector: EmbeddedConnector,
  email: string,
  step: (caipNetworkId: CaipNetworkId | undefined) => Promise<Result<ConnectorSession>>,
): Promise<void> {
  const running = () => frame.store.getState().embedded.login?.email === email;
  const outcome = await connect(frame, connector, {
    session: async ({ caipNetworkId }) => {
      const result = await step(caipNetworkId);
      if (!running()) return cancelled('aborted');
      if (result.ok) {
        const data = writeLoginData(frame.secrets, { email, emailLoginUsed: true, lastEmailLoginTime: null });
        frame.store.setState((s) => ({
          embedded: { ...s.embedded, login: null, email: data.email, emailLoginUsed: data.emailLoginUsed },
        }));
      }
      return result;
    },
  });
  if (outcome.type === 'connected' || (outcome.type === 'cancelled' && outcome.reason === 'aborted')) return;
  if (running()) setLogin(frame, (login) => ({ ...login, pending: false, error: loginShownError(outcome.error) }));
}

/**
 * Starts an email login for `email` (typed on Connect): checks it (spec §5 'Email fields
 * must be valid emails') and the 30 s cool-down, shows EmailLogin, and asks the secure
 * frame to mail a code (CONNECT_EMAIL). Returns an error for the Connect field when the
 * email is invalid, the cool-down runs or there is no secure frame; later failures show
 * in EmailLogin.
 */
export async function startEmailLogin(frame: Frame, email: string, now = Date.now()): Promise<Result<null>> {
  const parsed = EmailSchema.safeParse(email.trim());
  if (!parsed.success) return err(ErrorCode.InvalidParams, 'Invalid email', loginError('InvalidEmail'));
  const found = embeddedOf(frame);
  if (!found.ok) return found;
  const left = cooldownLeft(readLoginData(frame.secrets).lastEmailLoginTime, now);
  if (left > 0) return err(ErrorCode.LimitExceeded, cooldownMessage(left), loginError('Cooldown', { seconds: left }));
  const connector = found.value;
  // One change: the login and its view appear together (a login whose view left the stack ends, app/embedded.ts).
  frame.store.setState((s) => ({
    embedded: {
      ...s.embedded,
      login: { email: parsed.data, step: 'connecting', pending: true, error: null, resendAt: now + EMAIL_COOLDOWN_MS },
    },
    modal: {
      ...s.modal,
      stack:
        topRoute(s.modal.stack).view === 'EmailLogin' ? s.modal.stack : pushed(s.modal.stack, { view: 'EmailLogin' }),
    },
  }));
  await requestCode(frame, connector, parsed.data, now);
  return ok(null);
}

/** CONNECT_EMAIL for `email`, then the step its answer names. */
async function requestCode(frame: Frame, connector: EmbeddedConnector, email: string, now: number): Promise<void> {
  writeLoginData(frame.secrets, { email, lastEmailLoginTime: now });
  const answer = await connector.connectEmail(email);
  if (frame.store.getState().embedded.login?.email !== email) return;
  if (!answer.ok) {
    // No code went out (the secure frame or the API failed): no cool-down, unless the API
    // answered with its own (429 'Please try again after N seconds').
    if (answer.error.code !== 429) {
      writeLoginData(frame.secrets, { lastEmailLoginTime: null });
      setLogin(frame, (login) => ({ ...login, resendAt: 0 }));
    }
    return failLogin(frame, loginShownError(answer.error));
  }
  switch (answer.value.action) {
    case 'VERIFY_OTP':
      setLogin(frame, (login) => ({
        ...login,
        step: 'otp',
        pending: false,
        error: null,
        resendAt: now + EMAIL_COOLDOWN_MS,
      }));
      return;
    case 'VERIFY_DEVICE':
      setLogin(frame, (login) => ({ ...login, step: 'device', pending: true, error: null }));
      await settleLogin(frame, connector, email, (network) => connector.connectDevice(network));
      return;
    case 'CONNECT':
      await settleLogin(frame, connector, email, (network) => connector.connect({ caipNetworkId: network }));
  }
}

/**
 * Submits the 6-digit code (CONNECT_OTP). Malformed codes never leave the frame.
 * 'Invalid code', 'Code expired' and the other answers of the secure frame show in the
 * view; the boxes keep their digits' place for a new try.
 */
export async function submitOtp(frame: Frame, otp: string): Promise<void> {
  const login = frame.store.getState().embedded.login;
  const connector = frame.connectors.embedded;
  if (!login || !connector || login.pending) return;
  if (!OtpSchema.safeParse(otp).success)
    return failLogin(frame, loginShownError({ message: 'Enter the 6-digit code', data: loginError('EnterCode') }));
  setLogin(frame, (l) => ({ ...l, pending: true, error: null }));
  await settleLogin(frame, connector, login.email, (network) => connector.connectOtp(otp, network));
}

/**
 * Sends the code again (spec §5: not within 30 s of the last). Before `resendAt` it does
 * nothing (the button is disabled with the countdown); the API's own cool-down answer
 * ('Please try again after N seconds') shows in the view.
 */
export async function resendCode(frame: Frame, now = Date.now()): Promise<void> {
  const login = frame.store.getState().embedded.login;
  const connector = frame.connectors.embedded;
  if (!login || !connector || login.pending || now < login.resendAt) return;
  setLogin(frame, (l) => ({ ...l, pending: true, error: null, resendAt: now + EMAIL_COOLDOWN_MS }));
  await requestCode(frame, connector, login.email, now);
}

/** Leaves the email login (Back or Cancel): a late answer is ignored, the view pops. */
export function cancelEmailLogin(frame: Frame): void {
  frame.connectors.embedded?.cancel();
  if (frame.store.getState().embedded.login) cancelConnect(frame);
  loginEnded(frame);
  goBack(frame);
}

/** Forgets the cached login data and the email (spec §4 'Disconnect clears cached login data'). */
export function forgetLoginData(frame: Frame): void {
  clearLoginData(frame.secrets);
  loginDataForgotten(frame);
}

/**
 * Try again after the secure frame failed to load (spec §8 RELOAD): reloads it, and when
 * an email login was waiting for its code request, sends that request again.
 */
export async function reloadSecureFrame(frame: Frame): Promise<void> {
  const reloaded = await frame.connectors.embedded?.reload();
  const login = frame.store.getState().embedded.login;
  if (reloaded?.ok && login?.step === 'connecting' && !login.pending) await resendCode(frame);
}
