import { useEffect, useState } from 'react';
import { cancelEmailLogin, resendCode, submitOtp } from '../actions/embeddedLogin.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { EmailFrameAlert } from './EmailFrameAlert.tsx';
import { EmailOtpInput } from './EmailOtpInput.tsx';
import './embedded.css';
import { useTranslation } from 'react-i18next';
import { englishText, shownText } from '../i18n/errorKeys.ts';

function secondsUntil(at: number): number {
  return Math.max(0, Math.ceil((at - Date.now()) / 1_000));
}

/** Seconds until `at` (ms since the epoch), 0 when past; re-renders until then. */
export function useSecondsUntil(at: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(at));
  useEffect(() => {
    const left = () => secondsUntil(at);
    setSeconds(left());
    if (left() === 0) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

/**
 * EmailLogin (spec §2, §4): while the code is requested, 'Sending a code to …'; on
 * VERIFY_OTP the 6-digit entry (paste, auto-submit), the secure frame's message on a
 * wrong or expired code, and 'Resend code' after the 30 s cool-down (a countdown
 * until then); on VERIFY_DEVICE the waiting state 'We sent a link to … — approve this
 * device' with Cancel. The secure frame's load failure shows its alert with 'Try again'.
 */
export function EmailLoginView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const login = useFrameState((s) => s.embedded.login);
  const alert = useFrameState((s) => s.embedded.alert);
  const [attempt, setAttempt] = useState(0);
  const seconds = useSecondsUntil(login?.resendAt ?? 0);
  // The load failure shows once, as the alert with its Try again.
  const error = login?.error && englishText(login.error) !== alert?.short ? login.error : null;

  useEffect(() => {
    if (error) setAttempt((n) => n + 1);
  }, [error]);

  if (!login) return <EmailFrameAlert />;

  if (login.step === 'device') {
    return (
      <div className="airlock-center" data-testid="email-verify-device">
        <p className="airlock-status" role="status">
          <Spinner /> {t('Approve this device')}
        </p>
        <p className="airlock-detail">
          {t('We sent a link to')} <strong dir="ltr">{login.email}</strong>{' '}
          {t('— approve this device by opening it. This page continues by itself.')}
        </p>
        <div className="airlock-progress" aria-hidden="true" />
        {error ? (
          <p role="alert" className="airlock-detail airlock-error-text">
            {shownText(t, error)}
          </p>
        ) : null}
        <EmailFrameAlert />
        <button type="button" className="airlock-button airlock-secondary" onClick={() => cancelEmailLogin(frame)}>
          {t('Cancel')}
        </button>
      </div>
    );
  }

  if (login.step === 'connecting') {
    return (
      <div className="airlock-center">
        <p className="airlock-status" role="status">
          {login.pending ? <Spinner /> : null}{' '}
          {login.pending ? t('Sending a code to {{email}}', { email: login.email }) : login.email}
        </p>
        {error ? (
          <p role="alert" className="airlock-detail airlock-error-text">
            {shownText(t, error)}
          </p>
        ) : null}
        <EmailFrameAlert />
        {error && !login.pending && !alert ? (
          <button
            type="button"
            className="airlock-button airlock-secondary"
            disabled={seconds > 0}
            onClick={() => void resendCode(frame)}
          >
            {seconds > 0 ? t('Try again in {{seconds}}s', { seconds }) : t('Try again')}
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <div className="airlock-center">
      <p className="airlock-detail">
        {t('Enter the code we sent to')}{' '}
        <strong data-testid="email-login-address" dir="ltr">
          {login.email}
        </strong>
      </p>
      <EmailOtpInput onComplete={(code) => void submitOtp(frame, code)} disabled={login.pending} resetKey={attempt} />
      {login.pending ? (
        <p className="airlock-status" role="status">
          <Spinner /> {t('Verifying')}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="airlock-detail airlock-error-text" data-testid="email-login-error">
          {shownText(t, error)}
        </p>
      ) : null}
      <EmailFrameAlert />
      <p className="airlock-detail">
        {t("Didn't receive it?")}{' '}
        <button
          type="button"
          className="airlock-link-button"
          disabled={seconds > 0 || login.pending}
          onClick={() => void resendCode(frame)}
        >
          {seconds > 0 ? t('Resend code in {{seconds}}s', { seconds }) : t('Resend code')}
        </button>
      </p>
    </div>
  );
}

export default EmailLoginView;
