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
  const name = social ? PROVIDER_LABELS[social.provider] : 'the provider';
  return (
    <div className="airlock-social-wait">
      {social?.error ? (
        <p role="alert" className="airlock-detail airlock-error-text" data-testid="social-error">
          {social.error}
        </p>
      ) : (
        <p className="airlock-status" role="status">
          <Spinner /> Sign in with {name} in the popup window
        </p>
      )}
      <button type="button" className="airlock-button" onClick={() => cancelSocialLogin(frame)}>
        {social?.error ? 'Back to Connect' : 'Cancel'}
      </button>
    </div>
  );
}

export default ConnectingSocialView;
