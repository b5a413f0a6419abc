import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { supportsVisibilityTracking, watchVisibility } from '../approval/visibilityGate.ts';
import { watchWindowActive } from '../approval/windowGate.ts';
import type { PendingApproval } from '../approval/queue.ts';
import { Details } from './Details.tsx';
import { useApprovalText } from './useApprovalText.ts';

/** Props of {@link ApprovalScreen}. */
export type ApprovalScreenProps = {
  approval: PendingApproval;
  onDecide: (approved: boolean) => void;
  /**
   * In the frame: opens the approval window (approval/popup.ts); `onClosed` runs when the
   * person closes it without deciding. @returns false when the popup was blocked
   */
  onPopup?: (onClosed: () => void) => boolean;
  /** True in the popup window: a top-level window of our own origin, where Approve lives. */
  topLevel?: boolean;
  /** Where this request stands in the queue (1-based), shown when more than one waits. */
  position?: { index: number; total: number };
};

/**
 * The approval screen, rendered by the secure frame itself (docs/threat-model.md
 * "Embedded wallet"). In the frame it shows the request, Reject, and "Review in secure
 * window", which opens the approval window; Approve exists only in that window, a
 * top-level window on this origin that the page can neither cover, mask nor scale, and
 * is enabled there after 500 ms of focus (approval/windowGate.ts). The in-frame button
 * is still held back by the IntersectionObserver v2 gate (500 ms of continuous
 * visibility) where the browser has it. Only trusted input (`event.isTrusted`) counts.
 * Reject is always available. Render it keyed by the request id: each request starts
 * with its gates closed.
 */
export function ApprovalScreen({ approval, onDecide, onPopup, topLevel = false, position }: ApprovalScreenProps) {
  const { t } = useApprovalText();
  const card = useRef<HTMLDivElement>(null);
  const tracked = !topLevel && supportsVisibilityTracking();
  const [visible, setVisible] = useState(!tracked && !topLevel);
  const [active, setActive] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [opened, setOpened] = useState(false);
  const [observed, setObserved] = useState<'none' | 'visible' | 'hidden'>('none');
  useEffect(() => {
    if (!tracked || !card.current) return;
    return watchVisibility(card.current, setVisible, {
      onObservation: (seen) => setObserved(seen ? 'visible' : 'hidden'),
    });
  }, [tracked]);
  useEffect(() => (topLevel ? watchWindowActive(setActive) : undefined), [topLevel]);
  const trusted = (handler: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    if (!event.isTrusted) return;
    handler();
  };
  const review = () => {
    const shown = onPopup?.(() => setOpened(false)) ?? false;
    setBlocked(!shown);
    setOpened(shown);
  };
  return (
    <div
      className="card"
      ref={card}
      data-testid="approval"
      data-request-id={approval.id}
      // What the visibility gate saw last: none yet, visible, or hidden (covered, moved, transparent, out of view).
      data-gate={topLevel ? 'top-level' : tracked ? observed : 'none'}
    >
      {position && position.total > 1 ? (
        <p className="position" data-testid="approval-position">
          {t('Request {{index}} of {{total}}', { index: position.index, total: position.total })}
        </p>
      ) : null}
      <Details approval={approval} />
      {topLevel ? null : (
        <p className="hint" data-testid="approval-hint">
          {opened
            ? t('The request is open in the secure window. Approve or reject it there.')
            : t('You approve in a secure window of the wallet, which no site can cover or change.')}
        </p>
      )}
      <div className="buttons">
        <button type="button" className="secondary" data-testid="reject" onClick={trusted(() => onDecide(false))}>
          {t('Reject')}
        </button>
        {topLevel ? (
          <button
            type="button"
            className="primary"
            data-testid="approve"
            disabled={!active}
            onClick={trusted(() => {
              if (active) onDecide(true);
            })}
          >
            {t('Approve')}
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            data-testid="review"
            disabled={!visible}
            onClick={trusted(() => {
              if (visible) review();
            })}
          >
            {opened ? t('Show the secure window') : t('Review in secure window')}
          </button>
        )}
      </div>
      {blocked ? (
        <p className="warning">{t('The browser blocked the window. Allow pop-ups for this site, then try again.')}</p>
      ) : null}
    </div>
  );
}
