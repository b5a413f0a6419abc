import { connect, WindowMessenger, type Methods } from 'penpal';
import { z } from 'zod/mini';
import { EMBEDDED_TIMEOUTS_MS, err, ErrorCode, ok, validate, type Result } from '@airlock/protocol';
import type { ApprovalQueue, PendingApproval } from './queue.ts';

/**
 * "Continue in a new window": where IntersectionObserver v2 is missing, the approval
 * is shown in a popup on the secure frame's own origin (a top-level window nobody
 * can frame or cover from the page), opened by a click inside the secure frame. The
 * popup and the frame talk over penpal with both origins pinned to the secure frame's
 * origin; the popup only shows the request and returns the decision, the keys stay
 * in the frame.
 */

/** What the frame exposes to its popup. */
export type PopupParentMethods = {
  approval: () => Promise<Result<PendingApproval>>;
  decide: (id: unknown, approved: unknown) => Promise<Result<null>>;
};

const DecideSchema = z.tuple([z.string().check(z.minLength(8)).check(z.maxLength(64)), z.boolean()]);

/** The query parameter that starts the app in popup mode, with the request id. */
export const POPUP_PARAM = 'approval';

/**
 * Opens the popup for pending request `id` (call from a trusted click) and serves it
 * the request; the decision goes to the queue. The connection ends with the popup,
 * or after the approval timeout.
 * @returns false when the browser blocked the popup
 */
export function openApprovalPopup(queue: ApprovalQueue, id: string): boolean {
  const url = new URL(location.href);
  url.search = `?${POPUP_PARAM}=${encodeURIComponent(id)}`;
  url.hash = '';
  const popup = window.open(url.href, `airlock-approval-${id}`, 'popup,width=440,height=680');
  if (!popup) return false;
  const methods: PopupParentMethods = {
    approval: async () => {
      const pending = queue.store.getState().pending.find((p) => p.id === id);
      return pending ? ok(pending) : err(ErrorCode.ResourceNotFound, 'This request is no longer pending');
    },
    decide: async (...args: unknown[]) => {
      const parsed = validate(DecideSchema, args);
      if (!parsed.ok) return parsed;
      const [decidedId, approved] = parsed.value;
      if (decidedId !== id) return err(ErrorCode.InvalidParams, 'Unknown request');
      queue.decide(id, approved);
      return ok(null);
    },
  };
  const connection = connect({
    messenger: new WindowMessenger({ remoteWindow: popup, allowedOrigins: [location.origin] }),
    methods: methods as unknown as Methods,
    timeout: EMBEDDED_TIMEOUTS_MS.load,
  });
  const watch = setInterval(() => {
    const stillPending = queue.store.getState().pending.some((p) => p.id === id);
    if (popup.closed || !stillPending) {
      clearInterval(watch);
      connection.destroy();
      if (!popup.closed && !stillPending) popup.close();
    }
  }, 250);
  setTimeout(() => clearInterval(watch), EMBEDDED_TIMEOUTS_MS.approval + 1_000);
  connection.promise.catch(() => {});
  return true;
}

/** In the popup: connects to the opener (the secure frame, same origin) and returns its methods. */
export async function connectToOpener(): Promise<PopupParentMethods> {
  if (!window.opener) throw new Error('This window must be opened from the wallet');
  const connection = connect<PopupParentMethods & Methods>({
    messenger: new WindowMessenger({ remoteWindow: window.opener as Window, allowedOrigins: [location.origin] }),
    methods: {},
    timeout: EMBEDDED_TIMEOUTS_MS.load,
  });
  return (await connection.promise) as unknown as PopupParentMethods;
}
