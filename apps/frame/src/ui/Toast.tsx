import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useFrameState } from '../core/react.ts';
import { useTranslation } from 'react-i18next';

/** The icon of each toast variant (spec §4: loading, success, error). */
const ICONS = { loading: LoaderCircle, success: CircleCheck, error: CircleAlert } as const;

/**
 * The toast (spec §4): one at a time, an icon for its variant (a turning circle while
 * loading, a check on success, an alert on error) and the message, floating over the
 * bottom of the modal. It sits in a live region, so screen readers announce 'Address
 * copied' and the like.
 */
export function Toast() {
  const { t } = useTranslation();
  const { open, message, variant } = useFrameState((s) => s.toast);
  const Icon = ICONS[variant];
  return (
    <div role="status" aria-live="polite" className="airlock-toast-region">
      {open ? (
        <div className={`airlock-toast airlock-toast-${variant}`} data-testid="toast" data-variant={variant}>
          <Icon size={16} aria-hidden="true" className="airlock-toast-icon" />
          <span>{t(message)}</span>
        </div>
      ) : null}
    </div>
  );
}
