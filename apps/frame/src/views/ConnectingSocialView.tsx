import { useTranslation } from 'react-i18next';
import { cancelSocialLogin } from '../actions/socialLogin.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { PROVIDER_LABELS, SocialRow } from './SocialRow.tsx';
import './embedded.css';
import { shownText } from '../i18n/errorKeys.ts';

/**
 * ConnectingSocial (spec §2 social popup): the visitor signs in with the provider in the
 * 600x800 popup the secure frame opened; this view waits ('Continue in the popup') with
 * Cancel, and shows the failure ('Popup closed', 'Failed to initiate social connection', …)
 * when the login ends without a connection, with Try again (the provider's button, drawn by the
 * secure frame) and 'Back to Connect'. In redirect mode it says the page is going to the
 * provider, and, back on the page, that the sign-in finishes (actions/socialReturn.ts).
 */
export function ConnectingSocialView() {
  const frame = useFrame();
  const social = useFrameState((s) => s.embedded.social);
  const { t } = useTranslation();
  const name = social?.provider ? PROVIDER_LABELS[social.provider] : t('the provider');
  // Redirect mode: the page is leaving for the provider, or came back and the sign-in finishes.
  const waiting = !social?.provider
    ? t('Finishing the sign-in…')
    : frame.config.socialLogin?.mode === 'redirect'
      ? t('Taking you to {{provider}}…', { provider: name })
      : t('Sign in with {{provider}} in the popup window', { provider: name });
  return (
    <div className="airlock-social-wait">
      {social?.error ? (
        <>
          <p role="alert" className="airlock-detail airlock-error-text" data-testid="social-error">
            {shownText(t, social.error)}
          </p>
          {social.provider ? (
            // Try again: the provider's button again, drawn by the secure frame (only a click there
            // may open its popup), as a rejected wallet connection offers Try again.
            <section aria-labelledby="airlock-social-retry" data-testid="social-retry">
              <h2 className="airlock-group-label" id="airlock-social-retry">
                {t('Try again')}
              </h2>
              <SocialRow only={social.provider} />
            </section>
          ) : null}
        </>
      ) : (
        <p className="airlock-status" role="status">
          <Spinner /> {waiting}
        </p>
      )}
      <button
        type="button"
        className={social?.error ? 'airlock-button airlock-secondary' : 'airlock-button'}
        onClick={() => cancelSocialLogin(frame)}
      >
        {social?.error ? t('Back to Connect') : t('Cancel')}
      </button>
    </div>
  );
}

export default ConnectingSocialView;
