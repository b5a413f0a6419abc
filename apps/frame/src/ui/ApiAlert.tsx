import { dismissApiAlert, useApiAlertStore } from '../api/alerts.ts';

/** The provider-API alert (spec §8, e.g. 'Invalid Project ID', 'Server Error'): `role="alert"` with a Dismiss button. */
export function ApiAlert() {
  const alert = useApiAlertStore((s) => s.alert);
  if (!alert) return null;
  return (
    <div role="alert" className="airlock-alert airlock-api-alert">
      <strong className="airlock-alert-title">{alert.short}</strong>
      <p className="airlock-alert-text">{alert.long}</p>
      <button type="button" className="airlock-button airlock-secondary" onClick={dismissApiAlert}>
        Dismiss
      </button>
    </div>
  );
}
