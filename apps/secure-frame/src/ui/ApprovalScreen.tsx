import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { supportsVisibilityTracking, watchVisibility } from '../approval/visibilityGate.ts';
import type { PendingApproval } from '../approval/queue.ts';
import { Details } from './Details.tsx';

/** Props of {@link ApprovalScreen}. */
export type ApprovalScreenProps = {
  approval: PendingApproval;
  onDecide: (approved: boolean) => void;
  /** In the frame: opens the popup (IntersectionObserver v2 missing); @returns false when the popup was blocked. */
  onPopup?: () => boolean;
  /** True in the popup window: a top-level window of our own origin, no visibility gate needed. */
  topLevel?: boolean;
};

/**
 * The approval screen, rendered by the secure frame itself. In the frame, Approve
 * starts disabled and is enabled by the IntersectionObserver v2 gate (500 ms of
 * continuous visibility); without IOv2 it is replaced by "Continue in a new window".
 * Only trusted input (`event.isTrusted`) counts. Reject is always available.
 */
export function ApprovalScreen({ approval, onDecide, onPopup, topLevel = false }: ApprovalScreenProps) {
  const card = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(topLevel);
  const [blocked, setBlocked] = useState(false);
  const [observed, setObserved] = useState<'none' | 'visible' | 'hidden'>('none');
  const tracked = topLevel || supportsVisibilityTracking();
  useEffect(() => {
    if (topLevel || !card.current) return;
    return watchVisibility(card.current, setVisible, {
      onObservation: (seen) => setObserved(seen ? 'visible' : 'hidden'),
    });
  }, [topLevel, approval.id]);
  const trusted = (handler: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    if (!event.isTrusted) return;
    handler();
  };
  return (
    <div
      className="card"
      ref={card}
      data-testid="approval"
      data-request-id={approval.id}
      // What the visibility gate saw last: none yet, visible, or hidden (covered, moved, transparent, out of view).
      data-gate={topLevel ? 'top-level' : observed}
    >
      <Details approval={approval} />
      <div className="buttons">
        <button type="button" className="secondary" data-testid="reject" onClick={trusted(() => onDecide(false))}>
          Reject
        </button>
        {tracked ? (
          <button
            type="button"
            className="primary"
            data-testid="approve"
            disabled={!visible}
            onClick={trusted(() => {
              if (visible) onDecide(true);
            })}
          >
            Approve
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            data-testid="continue-in-window"
            onClick={trusted(() => setBlocked(!(onPopup?.() ?? false)))}
          >
            Continue in a new window
          </button>
        )}
      </div>
      {blocked ? (
        <p className="warning">The browser blocked the window. Allow pop-ups for this site, then try again.</p>
      ) : null}
    </div>
  );
}
