import { dismissApiAlert } from '../api/alerts.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { useTranslation } from 'react-i18next';
import { translatedAlert } from './alertText.ts';

/** The provider-API alert (spec §8, e.g. 'Invalid Project ID', 'Server Error'): `role="alert"` with a Dismiss button. */
export function ApiAlert() {
  const { t } = useTranslation();
  const frame = useFrame();
  const alert = useFrameState((s) => s.apiAlert);
  if (!alert) return null;
  const { short, long } = translatedAlert(t, alert);
  return (
    <div role="alert" className="airlock-alert airlock-api-alert">
      <strong className="airlock-alert-title">{short}</strong>
      <p className="airlock-alert-text">{long}</p>
      <button type="button" className="airlock-button airlock-secondary" onClick={() => dismissApiAlert(frame)}>
        {t('Dismiss')}
      </button>
    </div>
  );
}
