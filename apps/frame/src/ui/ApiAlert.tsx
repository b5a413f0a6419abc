import { dismissApiAlert } from '../api/alerts.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { useTranslation } from 'react-i18next';

/** The provider-API alert (spec §8, e.g. 'Invalid Project ID', 'Server Error'): `role="alert"` with a Dismiss button. */
export function ApiAlert() {
  const { t } = useTranslation();
  const frame = useFrame();
  const alert = useFrameState((s) => s.apiAlert);
  if (!alert) return null;
  return (
    <div role="alert" className="airlock-alert airlock-api-alert">
      <strong className="airlock-alert-title">{t(alert.short)}</strong>
      <p className="airlock-alert-text">{t(alert.long)}</p>
      <button type="button" className="airlock-button airlock-secondary" onClick={() => dismissApiAlert(frame)}>
        {t('Dismiss')}
      </button>
    </div>
  );
}
