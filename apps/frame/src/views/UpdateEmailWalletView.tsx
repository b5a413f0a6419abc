import { useEffect, useState, type FormEvent } from 'react';
import { resendUpdateCode, submitNewEmail, submitUpdateOtp } from '../actions/embeddedUpdate.ts';
import { EMAIL_COOLDOWN_MS } from '../actions/embeddedLogin.ts';
import { useSecondsUntil } from './EmailLoginView.tsx';
import { useFrame, useFrameState } from '../core/react.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { EmailOtpInput } from './EmailOtpInput.tsx';
import './embedded.css';
import { useTranslation } from 'react-i18next';
import { shownText } from '../i18n/errorKeys.ts';

/**
 * UpdateEmailWallet (spec §2, §4): the new address, then the code sent to the current
 * address (VERIFY_PRIMARY_OTP), then the code sent to the new one
 * (VERIFY_SECONDARY_OTP). Failures show under the step and keep it. 'Resend code' (after the
 * 30 s cool-down since the last code, with a countdown) sends a fresh code to the current address
 * and starts over at its step.
 */
export function UpdateEmailWalletView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const update = useFrameState((s) => s.embedded.update);
  const current = useFrameState((s) => s.embedded.email);
  const [email, setEmail] = useState('');
  const [attempt, setAttempt] = useState(0);
  // When the last code was sent (this view's Save or Resend): Resend waits out the cool-down.
  const [sentAt, setSentAt] = useState(0);
  const seconds = useSecondsUntil(sentAt + EMAIL_COOLDOWN_MS);
  const step = update?.step;
  useEffect(() => {
    if (step === 'primary') setSentAt(Date.now());
  }, [step]);
  const error = update?.error ?? null;
  useEffect(() => {
    if (error) setAttempt((n) => n + 1);
  }, [error]);
  if (!update) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitNewEmail(frame, email);
  };

  const errorLine = error ? (
    <p role="alert" className="airlock-detail airlock-error-text" data-testid="update-email-error">
      {shownText(t, error)}
    </p>
  ) : null;

  if (update.step === 'email') {
    return (
      <form className="airlock-email-form" onSubmit={submit} noValidate>
        <p className="airlock-detail">{t('Current email: {{email}}', { email: current ?? '—' })}</p>
        <label className="airlock-field">
          {t('New email')}
          <input
            className="airlock-search airlock-email-input"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </label>
        <button type="submit" className="airlock-button" disabled={update.pending || !email.trim()}>
          {update.pending ? t('Sending codes…') : t('Save')}
        </button>
        {errorLine}
      </form>
    );
  }

  const to = update.step === 'primary' ? current : update.newEmail;
  return (
    <div className="airlock-center" data-testid={`update-email-${update.step}`}>
      <p className="airlock-detail">
        {t('Enter the code we sent to')} <strong dir="ltr">{to}</strong>
        {update.step === 'primary' ? ` ${t('(your current email)')}` : ` ${t('(your new email)')}`}
      </p>
      <EmailOtpInput
        key={update.step}
        label={update.step === 'primary' ? t('Code sent to your current email') : t('Code sent to your new email')}
        onComplete={(code) => void submitUpdateOtp(frame, code)}
        disabled={update.pending}
        resetKey={attempt}
      />
      {update.pending ? (
        <p className="airlock-status" role="status">
          <Spinner /> {t('Verifying')}
        </p>
      ) : null}
      {errorLine}
      <p className="airlock-detail">
        {t("Didn't receive it?")}{' '}
        <button
          type="button"
          className="airlock-link-button"
          disabled={seconds > 0 || update.pending}
          onClick={() => void resendUpdateCode(frame).then((sent) => sent && setSentAt(Date.now()))}
        >
          {seconds > 0 ? t('Resend code in {{seconds}}s', { seconds }) : t('Resend code')}
        </button>
      </p>
    </div>
  );
}

export default UpdateEmailWalletView;
