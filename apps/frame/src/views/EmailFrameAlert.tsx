import { reloadSecureFrame } from '../actions/embeddedLogin.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { useTranslation } from 'react-i18next';
import { translatedAlert } from '../ui/alertText.ts';

/**
 * The embedded wallet's spec §8 alert ('Network Error - Could not load embedded wallet'
 * when the secure frame did not load within 20 s) with 'Try again', which reloads the
 * secure frame (RELOAD). Renders nothing while there is no alert.
 */
export function EmailFrameAlert() {
  const { t } = useTranslation();
  const frame = useFrame();
  const alert = useFrameState((s) => s.embedded.alert);
  const status = useFrameState((s) => s.embedded.status);
  if (!alert) return null;
  const { short, long } = translatedAlert(t, alert);
  return (
    <div role="alert" className="airlock-alert">
      <strong className="airlock-alert-title">{short}</strong>
      <p className="airlock-alert-text">{long}</p>
      <button
        type="button"
        className="airlock-button airlock-secondary"
        disabled={status === 'loading'}
        onClick={() => void reloadSecureFrame(frame)}
      >
        {t('Try again')}
      </button>
    </div>
  );
}
