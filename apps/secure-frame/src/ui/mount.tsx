import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PopupParentMethods } from '../approval/popup.ts';
import type { SecureFrame } from '../frame.ts';
import { App } from './App.tsx';
import { PopupApp } from './PopupApp.tsx';
import { PasskeyWindowApp } from './PasskeyWindowApp.tsx';
import type { PasskeyWindowParent } from '../passkey/window.ts';
import { approvalLanguage, loadApprovalLanguage } from '../i18n/language.ts';
import '../styles.css';

/**
 * Renders the secure frame's UI (the approvals) into `element`. Loaded after READY. The approval
 * words load in the secure frame's own language meanwhile (i18n/language.ts).
 */
export function mountFrameUi(element: HTMLElement, frame: SecureFrame): void {
  void loadApprovalLanguage();
  createRoot(element).render(
    <StrictMode>
      <App frame={frame} />
    </StrictMode>,
  );
}

/** Renders the popup window's UI into `element`, its approval words in the window's own language. */
export function mountPopupUi(element: HTMLElement, parent: PopupParentMethods, id: string): void {
  void loadApprovalLanguage();
  createRoot(element).render(
    <StrictMode>
      <PopupApp parent={parent} id={id} />
    </StrictMode>,
  );
}

/** Renders the passkey window's UI (passkey/window.ts) into `element`. */
export function mountPasskeyWindow(element: HTMLElement, parent: PasskeyWindowParent): void {
  createRoot(element).render(
    <StrictMode>
      <PasskeyWindowApp parent={parent} />
    </StrictMode>,
  );
}

/** The notices the secure frame shows outside the widget (the keys of its catalogs, i18n/locales). */
export type NoticeText =
  | 'Connecting… Continue in this window.'
  | 'This page is part of the Airlock wallet widget and works only inside it.';

/**
 * Renders a plain notice (not framed, or the social login window while it waits) in this window's
 * own language: English at once, then the catalog's words once loaded (i18n/language.ts).
 */
export function mountNotice(element: HTMLElement, text: NoticeText): void {
  const root = createRoot(element);
  const render = () => root.render(<p className="card">{approvalLanguage.getState().t(text)}</p>);
  render();
  approvalLanguage.subscribe(render);
  void loadApprovalLanguage();
}
