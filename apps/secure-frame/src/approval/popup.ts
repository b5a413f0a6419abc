import { connect, WindowMessenger, type Methods } from 'penpal';
import { z } from 'zod/mini';
import { EMBEDDED_TIMEOUTS_MS, err, ErrorCode, ok, validate, type Result } from '@airlock/protocol';
import type { ApprovalQueue, PendingApproval } from './queue.ts';

/**
 * "Review in secure window": every signing or value-moving request is approved in a popup
 * on the secure frame's own origin — a top-level window, which no page can frame, cover,
 * mask or scale (CSS of the page reaches its own document and the frames in it, never
 * another window) — opened by a click inside the secure frame (the user gesture a popup
 * needs). The popup and the frame talk over penpal with both origins pinned to the
 * secure frame's origin; the popup only shows the request and returns the decision, the
 * keys stay in the frame. The window's name is random, so no page can reach it by name
 * (`window.open('', name)`) to navigate it.
 */

/** What the frame exposes to its popup. */
export type PopupParentMethods = {
  approval: () => Promise<Result<PendingApproval>>;
  decide: (id: unknown, approved: unknown) => Promise<Result<null>>;
};

const DecideSchema = z.tuple([z.string().check(z.minLength(8)).check(z.maxLength(64)), z.boolean()]);

/** The approval windows open now, by request id. */
const openPopups = new Map<string, Window>();

/** Whether the approval window of request `id` is open (the in-frame card says so). */
export function isApprovalPopupOpen(id: string): boolean {
  const popup = openPopups.get(id);
  return popup !== undefined && !popup.closed;
}

/** The query parameter that starts the app in popup mode, with the request id. */
export const POPUP_PARAM = 'approval';

/**
 * Opens the popup for pending request `id` (call from a trusted click) and serves it
 * the request; the decision goes to the queue. The connection ends with the popup,
 * or after the approval timeout. A second call while it is open brings it to the front.
 * @param onClosed called when the person closed the popup without deciding
 * @returns false when the browser blocked the popup
 */
export function openApprovalPopup(queue: ApprovalQueue, id: string, onClosed?: () => void): boolean {
  // Already open (a second click): bring it to the front rather than load it again.
  const open = openPopups.get(id);
  if (open && !open.closed) {
    open.focus();
    return true;
  }
  const url = new URL(location.href);
  url.search = `?${POPUP_PARAM}=${encodeURIComponent(id)}`;
  url.hash = '';
  const name = `airlock-approval-${crypto.randomUUID()}`;
  const popup = window.open(url.href, name, 'popup,width=440,height=680');
  if (!popup) return false;
  openPopups.set(id, popup);
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
      openPopups.delete(id);
      connection.destroy();
      if (!popup.closed && !stillPending) popup.close();
      else if (stillPending) onClosed?.();
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
