import { useFrameState } from '../core/react.ts';
import { useTranslation } from 'react-i18next';

/** The toast (spec §4): a live region, so screen readers announce 'Address copied' and the like. */
export function Toast() {
  const { t } = useTranslation();
  const { open, message, variant } = useFrameState((s) => s.toast);
  return (
    <div role="status" aria-live="polite" className="airlock-toast-region">
      {open ? <div className={`airlock-toast airlock-toast-${variant}`}>{t(message)}</div> : null}
    </div>
  );
}
