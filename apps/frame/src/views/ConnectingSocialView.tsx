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
 * when the login ends without a connection.
 */
export function ConnectingSocialView() {
  const frame = useFrame();
  const social = useFrameState((s) => s.embedded.social);
  const { t } = useTranslation();
  const name = social ? PROVIDER_LABELS[social.provider] : t('the provider');
  return (
    <div className="airlock-social-wait">
      {social?.error ? (
        <p role="alert" className="airlock-detail airlock-error-text" data-testid="social-error">
          {t(social.error)}
        </p>
      ) : (
        <p className="airlock-status" role="status">
          <Spinner /> {t('Sign in with {{provider}} in the popup window', { provider: name })}
        </p>
      )}
      <button type="button" className="airlock-button" onClick={() => cancelSocialLogin(frame)}>
        {social?.error ? t('Back to Connect') : t('Cancel')}
      </button>
    </div>
  );
}

export default ConnectingSocialView;
