import { useTranslation } from 'react-i18next';
import { cancelSocialLogin } from '../actions/socialLogin.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { PROVIDER_LABELS } from './SocialRow.tsx';
import './embedded.css';

/**
 * ConnectingSocial (spec §2 social popup): the visitor signs in with the provider in the
 * 600x800 popup the secure frame opened; this view waits ('Continue in the popup') with
 * Cancel, and shows the failure ('Popup closed', 'Failed to initiate social connection', …)
 * when the login ends without a connection. In redirect mode it says the page is going to the
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
        <p role="alert" className="airlock-detail airlock-error-text" data-testid="social-error">
          {t(social.error)}
        </p>
      ) : (
        <p className="airlock-status" role="status">
          <Spinner /> {waiting}
        </p>
      )}
      <button type="button" className="airlock-button" onClick={() => cancelSocialLogin(frame)}>
        {social?.error ? t('Back to Connect') : t('Cancel')}
      </button>
    </div>
  );
}

export default ConnectingSocialView;
