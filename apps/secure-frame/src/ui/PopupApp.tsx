import { useEffect, useState } from 'react';
import type { PendingApproval } from '../approval/queue.ts';
import type { PopupParentMethods } from '../approval/popup.ts';
import { ApprovalScreen } from './ApprovalScreen.tsx';
import { useApprovalText } from './useApprovalText.ts';

/**
 * The approval window's UI: loads the request from the secure frame, shows it with the only
 * Approve (enabled after 500 ms of focus, approval/windowGate.ts), returns the decision and closes.
 */
export function PopupApp({ parent, id }: { parent: PopupParentMethods; id: string }) {
  const { t } = useApprovalText();
  const [approval, setApproval] = useState<PendingApproval | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    document.title = t('Approve a request · Airlock wallet');
  }, [t]);
  useEffect(() => {
    parent.approval().then(
      (result) =>
        result.ok && result.value.id === id
          ? setApproval(result.value)
          : setError('This request is no longer pending.'),
      () => setError('The wallet window is gone.'),
    );
  }, [parent, id]);
  if (error)
    return (
      <p className="card" data-testid="popup-error">
        {t(error)}
      </p>
    );
  if (!approval) return <p className="card">{t('Loading…')}</p>;
  return (
    <ApprovalScreen
      approval={approval}
      topLevel
      onDecide={(approved) => {
        void parent.decide(id, approved).finally(() => window.close());
      }}
    />
  );
}
