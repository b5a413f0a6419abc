import { EmailSchema, ErrorCode, OtpSchema, err, loginError, ok, type Result } from '@airlock/protocol';
import { writeLoginData } from '../connectors/embedded/loginData.ts';
import { UPDATE_EMAIL_NEEDS_LOGIN } from '../connectors/embedded/text.ts';
import type { Frame } from '../store/frame.ts';
import type { ShownError } from '../i18n/errorKeys.ts';
import { loginShownError } from '../i18n/loginErrors.ts';
import type { EmailUpdateState } from '../store/state.ts';
import { pushed } from '../store/routes.ts';
import { goBack, shakeModal } from './modal.ts';
import { showToast } from './toast.ts';

/**
 * The email update (spec §4: UPDATE_EMAIL answers VERIFY_PRIMARY_OTP, then
 * VERIFY_SECONDARY_OTP, then the new email is stored; spec §5: only for an email or
 * social login). Failures show in the UpdateEmailWallet view and keep the step.
 */

const setUpdate = (frame: Frame, update: (u: EmailUpdateState) => EmailUpdateState | null) =>
  frame.store.setState((s) => ({
    embedded: { ...s.embedded, update: s.embedded.update ? update(s.embedded.update) : null },
  }));

const fail = (frame: Frame, error: ShownError) => {
  setUpdate(frame, (u) => ({ ...u, pending: false, error }));
  shakeModal(frame);
};

/**
 * Opens UpdateEmailWallet. 4100 'Not connected to email or social' (spec §8) unless the connection is through email or
 * social login' (spec §5) unless the connected wallet is the embedded one.
 */
export function openUpdateEmail(frame: Frame): Result<null> {
  const active = frame.connectors.active();
  if (active?.type !== 'AUTH') return err(ErrorCode.Unauthorized, UPDATE_EMAIL_NEEDS_LOGIN);
  frame.store.setState((s) => ({
    embedded: { ...s.embedded, update: { step: 'email', newEmail: null, pending: false, error: null } },
    modal: { ...s.modal, stack: pushed(s.modal.stack, { view: 'UpdateEmailWallet' }) },
  }));
  return ok(null);
}

/** Submits the new address (UPDATE_EMAIL): codes go to the current and the new address. */
export async function submitNewEmail(frame: Frame, email: string): Promise<void> {
  const connector = frame.connectors.embedded;
  const update = frame.store.getState().embedded.update;
  if (!connector || !update || update.pending) return;
  const parsed = EmailSchema.safeParse(email.trim());
  if (!parsed.success)
    return fail(frame, loginShownError({ message: 'Invalid email', data: loginError('InvalidEmail') }));
  if (parsed.data === frame.store.getState().embedded.email) return fail(frame, 'This is already your email');
  setUpdate(frame, (u) => ({ ...u, pending: true, error: null, newEmail: parsed.data }));
  const answer = await connector.updateEmail(parsed.data);
  if (!frame.store.getState().embedded.update) return;
  if (!answer.ok) return fail(frame, loginShownError(answer.error));
  setUpdate(frame, (u) => ({
    ...u,
    pending: false,
    step: answer.value.action === 'VERIFY_SECONDARY_OTP' ? 'secondary' : 'primary',
  }));
}

/**
 * Submits the code of the current step: the code sent to the current address
 * (VERIFY_PRIMARY_OTP), then the one sent to the new address (VERIFY_SECONDARY_OTP),
 * after which the new email is stored, a toast says so and the view pops.
 */
export async function submitUpdateOtp(frame: Frame, otp: string): Promise<void> {
  const connector = frame.connectors.embedded;
  const update = frame.store.getState().embedded.update;
  if (!connector || !update || update.pending || update.step === 'email') return;
  if (!OtpSchema.safeParse(otp).success)
    return fail(frame, loginShownError({ message: 'Enter the 6-digit code', data: loginError('EnterCode') }));
  setUpdate(frame, (u) => ({ ...u, pending: true, error: null }));
  if (update.step === 'primary') {
    const answer = await connector.updateEmailPrimaryOtp(otp);
    if (!frame.store.getState().embedded.update) return;
    if (!answer.ok) return fail(frame, loginShownError(answer.error));
    setUpdate(frame, (u) => ({ ...u, pending: false, step: 'secondary' }));
    return;
  }
  const answer = await connector.updateEmailSecondaryOtp(otp);
  if (!frame.store.getState().embedded.update) return;
  if (!answer.ok) return fail(frame, loginShownError(answer.error));
  writeLoginData(frame.secrets, { email: answer.value.email });
  frame.store.setState((s) => ({ embedded: { ...s.embedded, update: null, email: answer.value.email } }));
  goBack(frame);
  showToast(frame, 'Email updated');
}

/**
 * 'Resend code' (from either code step): asks again for the update to the same new address
 * (UPDATE_EMAIL), which sends a fresh code to the current address and starts over at its step
 * (the new address's code follows it). The API refuses within 30 s of the last code (spec §5);
 * that message shows under the step.
 */
export async function resendUpdateCode(frame: Frame): Promise<boolean> {
  const connector = frame.connectors.embedded;
  const update = frame.store.getState().embedded.update;
  if (!connector || !update || update.pending || !update.newEmail) return false;
  setUpdate(frame, (u) => ({ ...u, pending: true, error: null }));
  const answer = await connector.updateEmail(update.newEmail);
  if (!frame.store.getState().embedded.update) return false;
  if (!answer.ok) {
    fail(frame, loginShownError(answer.error));
    return false;
  }
  setUpdate(frame, (u) => ({
    ...u,
    pending: false,
    step: answer.value.action === 'VERIFY_SECONDARY_OTP' ? 'secondary' : 'primary',
  }));
  return true;
}

/** Leaves the update (Back): a late answer is ignored. */
export function cancelUpdateEmail(frame: Frame): void {
  frame.store.setState((s) => ({ embedded: { ...s.embedded, update: null } }));
  goBack(frame);
}
