import { useEffect, useRef } from 'react';
import { useFrame, useFrameState } from '../core/react.ts';
import { Spinner } from '../ui/Spinner.tsx';
import './embedded.css';
import { useTranslation } from 'react-i18next';

/**
 * Places `iframe` exactly over `slot` (fixed position in B's viewport) and shows it (and
 * focuses it unless `focus` is false); returns the function that hides it again.
 */
export function placeOver(iframe: HTMLIFrameElement, slot: HTMLElement, { focus = true } = {}): () => void {
  let frameId = 0;
  let last = '';
  const place = () => {
    const rect = slot.getBoundingClientRect();
    const key = `${rect.left},${rect.top},${rect.width},${rect.height}`;
    if (key !== last) {
      last = key;
      Object.assign(iframe.style, {
        left: `${rect.left}px`,
        top: `${rect.top}px`,
        width: `${rect.width}px`,
        height: `${rect.height}px`,
      });
    }
    frameId = requestAnimationFrame(place);
  };
  place();
  Object.assign(iframe.style, { visibility: 'visible', pointerEvents: 'auto' });
  iframe.removeAttribute('aria-hidden');
  iframe.tabIndex = 0;
  if (focus) iframe.focus();
  return () => {
    cancelAnimationFrame(frameId);
    Object.assign(iframe.style, { visibility: 'hidden', pointerEvents: 'none' });
    iframe.setAttribute('aria-hidden', 'true');
    iframe.tabIndex = -1;
  };
}

/**
 * ApproveTransaction (spec §2, §4): the approval is rendered by the secure frame
 * itself. This view reserves the height the secure frame asked for (`setLayout`) and
 * the secure frame's iframe is placed exactly over that space — positioned in the
 * widget frame's document, never moved in the DOM (that would reload it), with no
 * transform, filter or opacity on it or its ancestors (its clickjacking gate measures
 * visibility with IntersectionObserver v2; the modal's animations are off while this
 * view shows, embedded.css). Closing the modal or going back rejects the request
 * (4001, actions/embeddedApproval.ts).
 */
export function ApproveTransactionView({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const layout = useFrameState((s) => s.embedded.layout);
  const slot = useRef<HTMLDivElement>(null);
  const mine = layout && (layout.requestId === null || layout.requestId === requestId) ? layout : null;
  const height = mine?.height ?? null;

  useEffect(() => {
    const iframe = frame.connectors.embedded?.element();
    if (height === null || !iframe || !slot.current) return;
    return placeOver(iframe, slot.current);
  }, [frame, height]);

  return (
    <div className="airlock-approve">
      {height === null ? (
        <p className="airlock-status" role="status">
          <Spinner /> {t('Loading the approval')}
        </p>
      ) : null}
      <div
        ref={slot}
        className="airlock-approve-slot"
        data-testid="approve-slot"
        style={{ height: height ?? 0 }}
        aria-hidden="true"
      />
    </div>
  );
}

export default ApproveTransactionView;
