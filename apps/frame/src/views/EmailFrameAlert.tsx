import { reloadSecureFrame } from '../actions/embeddedLogin.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { useTranslation } from 'react-i18next';

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
  return (
    <div role="alert" className="airlock-alert">
      <strong className="airlock-alert-title">{t(alert.short)}</strong>
      <p className="airlock-alert-text">{t(alert.long)}</p>
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
