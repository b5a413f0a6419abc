import { Alert } from '@airlock/protocol';
import { NOTICE_CLOSED_TYPE } from '@airlock/protocol/refusal';
import type { BootProblem } from './parseConfig.ts';
import { claimedParentOrigin } from './refusal.ts';

/** The notice's heading: what the visitor of a refused page reads. */
export const REFUSAL_NOTICE_TITLE = "This site can't use the wallet widget";

/** The spec §8 alert title under the heading (the console of the page has the full reason). */
const subtitle = (problem: BootProblem): string =>
  problem.kind === 'projectId'
    ? Alert.ProjectIdNotConfigured.short
    : problem.kind === 'origin'
      ? Alert.InvalidAppConfiguration.short
      : 'Invalid Widget Configuration';

/**
 * The refused frame's notice for the visitor, in the frame's own document (plain DOM, no
 * React, styled through CSSOM only): a modal `role="alertdialog"` with the heading
 * {@link REFUSAL_NOTICE_TITLE}, the spec §8 alert title (in a `role="alert"`) and a Close
 * button. The host keeps the iframe hidden until the dapp calls `open()`, then reveals it and
 * focuses the iframe; the frame moves focus to Close then, and Tab stays on it. Close or Escape posts
 * `{ type: 'airlock:notice-closed' }` to `parent` at the claimed parent origin (the only origin
 * the refusal went to; nothing is posted without one), and the host hides the iframe again.
 *
 * @param doc - the frame's document (`document`; tests pass another).
 * @param parent - where the closing goes (`window.parent`).
 * @param search - the frame's `location.search` (its `?config=` names the claimed parent origin).
 * @returns the notice's root element, appended to `doc.body`.
 */
export function showRefusalNotice(
  doc: Document,
  parent: Pick<Window, 'postMessage'>,
  search: string,
  problem: BootProblem,
): HTMLElement {
  const claimed = claimedParentOrigin(search);
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, css: string, text?: string) => {
    const node = doc.createElement(tag);
    node.style.cssText = css;
    if (text) node.textContent = text;
    return node;
  };
  const backdrop = el(
    'div',
    'position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.45);font:15px/1.4 system-ui,sans-serif',
  );
  const dialog = el(
    'div',
    'max-width:320px;margin:16px;padding:20px;border-radius:12px;background:#fff;color:#111;box-shadow:0 8px 32px rgba(0,0,0,.25);text-align:center',
  );
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'airlock-refusal-title');
  const title = el('h2', 'margin:0 0 8px;font-size:17px', REFUSAL_NOTICE_TITLE);
  title.id = 'airlock-refusal-title';
  const detail = el('p', 'margin:0 0 16px;color:#555', subtitle(problem));
  detail.setAttribute('role', 'alert');
  const close = el(
    'button',
    'padding:8px 20px;border:0;border-radius:8px;background:#1f4fff;color:#fff;font:inherit;cursor:pointer',
    'Close',
  );
  close.type = 'button';
  const done = () => {
    if (claimed) parent.postMessage({ type: NOTICE_CLOSED_TYPE }, claimed);
  };
  close.addEventListener('click', done);
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') done();
    // One control in a modal dialog: Tab and Shift+Tab stay on it.
    if (e.key === 'Tab') e.preventDefault(), close.focus();
  });
  // The host focuses the iframe when it reveals it: hand the focus to Close.
  doc.defaultView?.addEventListener('focus', () => close.focus());
  dialog.append(title, detail, close);
  backdrop.append(dialog);
  doc.body.append(backdrop);
  // The page learns the refusal before this notice's chunk has loaded, so the host may have
  // revealed and focused the iframe already: then the focus event is gone, take the focus now.
  if (doc.hasFocus()) close.focus();
  return backdrop;
}
