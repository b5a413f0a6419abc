import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/** What EmailLogin shows when its chunk did not load (a failed import must not blank the modal). */
function EmailLoadFailed() {
  const { t } = useTranslation();
  return (
    <p role="alert" className="airlock-error-text">
      {t('Unable to load email login dependency')}
    </p>
  );
}

/**
 * The email login view's module for `React.lazy` (spec §2 'email login loads lazily'): `load`'s
 * component, or, when the chunk fails to load (network down, a new deployment removed it), a view
 * saying 'Unable to load email login dependency' (spec §8). Never rejects.
 */
export function loadEmailLogin(load: () => Promise<{ default: ComponentType }>): Promise<{ default: ComponentType }> {
  return load().catch(() => ({ default: EmailLoadFailed }));
}
