import { useEffect, useState, type FormEvent } from 'react';
import { startEmailLogin } from '../actions/embeddedLogin.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import './embedded.css';
import { useTranslation } from 'react-i18next';
import { shownText, type ShownError } from '../i18n/errorKeys.ts';
import { loginShownError } from '../i18n/loginErrors.ts';

/**
 * The email field on Connect (spec §1 connect method 'email', first in the order email,
 * social, wallet): the address and 'Continue'. An invalid address, the 30 s cool-down
 * ('Please try again after N seconds', spec §5) or a missing secure frame show under it;
 * the typed address stays, until a sign-out forgets the remembered email.
 */
export function EmailField() {
  const { t } = useTranslation();
  const frame = useFrame();
  const remembered = useFrameState((s) => s.embedded.email);
  const [email, setEmail] = useState(remembered ?? '');
  // A sign-out forgets the email (spec §4 'Disconnect clears cached login data'), also when it lands
  // after this field appeared (the secure frame's sign-out may take up to 3 s): the field empties with it.
  useEffect(() => {
    if (remembered === null) setEmail('');
  }, [remembered]);
  const [error, setError] = useState<ShownError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await startEmailLogin(frame, email);
    setBusy(false);
    setError(result.ok ? null : loginShownError(result.error));
  };

  return (
    <form className="airlock-email-form" onSubmit={(e) => void submit(e)} noValidate>
      <label className="airlock-visually-hidden" htmlFor="airlock-email">
        {t('Email')}
      </label>
      <input
        id="airlock-email"
        className="airlock-search airlock-email-input"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('Email')}
        value={email}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'airlock-email-error' : undefined}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(null);
        }}
      />
      <button type="submit" className="airlock-button" disabled={busy || !email.trim()}>
        {t('Continue')}
      </button>
      {error ? (
        <p id="airlock-email-error" role="alert" className="airlock-detail airlock-error-text">
          {shownText(t, error)}
        </p>
      ) : null}
    </form>
  );
}
