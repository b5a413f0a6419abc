import { dismissApiAlert } from '../api/alerts.ts';
import { useFrame, useFrameState } from '../core/react.ts';

/** The provider-API alert (spec §8, e.g. 'Invalid Project ID', 'Server Error'): `role="alert"` with a Dismiss button. */
export function ApiAlert() {
  const frame = useFrame();
  const alert = useFrameState((s) => s.apiAlert);
  if (!alert) return null;
  return (
    <div role="alert" className="airlock-alert airlock-api-alert">
      <strong className="airlock-alert-title">{alert.short}</strong>
      <p className="airlock-alert-text">{alert.long}</p>
      <button type="button" className="airlock-button airlock-secondary" onClick={() => dismissApiAlert(frame)}>
        Dismiss
      </button>
    </div>
  );
}
