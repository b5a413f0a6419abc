import { useState } from 'react';
import { useFrame, useFrameState } from '../core/react.ts';
import { useTranslation } from 'react-i18next';

/** The notice text when WalletConnect secrets are kept in memory only. */
export const MEMORY_ONLY_TEXT = 'This session ends when you close this page.';

/**
 * Shown on the WalletConnect views (and Account while connected through WalletConnect)
 * when the browser denies this frame its storage, so the session keys live in memory
 * only: says the session ends with the page, and — where the browser offers the
 * Storage Access API — a 'Keep me signed in' button that asks for storage on this click
 * (on grant the keys move there and the notice goes). Nothing when storage is available.
 */
export function StorageNotice() {
  const { t } = useTranslation();
  const frame = useFrame();
  const { mode, canRequest } = useFrameState((s) => s.secrets);
  const [denied, setDenied] = useState(false);
  if (mode !== 'memory') return null;
  const ask = async () => setDenied(!(await frame.secrets.requestAccess()));
  return (
    <div className="airlock-notice" data-testid="storage-notice" role="note">
      <p className="airlock-detail">
        {t(MEMORY_ONLY_TEXT)}{' '}
        {t('Your browser blocks this widget’s storage, so the wallet connection is kept only while the page is open.')}
      </p>
      {canRequest ? (
        <button type="button" className="airlock-button airlock-secondary" onClick={() => void ask()}>
          {t('Keep me signed in')}
        </button>
      ) : null}
      {denied ? <p className="airlock-detail">{t('Storage access was not granted.')}</p> : null}
    </div>
  );
}
