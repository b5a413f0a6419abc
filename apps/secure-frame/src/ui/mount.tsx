import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PopupParentMethods } from '../approval/popup.ts';
import type { SecureFrame } from '../frame.ts';
import { App } from './App.tsx';
import { PopupApp } from './PopupApp.tsx';
import { PasskeyWindowApp } from './PasskeyWindowApp.tsx';
import type { PasskeyWindowParent } from '../passkey/window.ts';
import { loadApprovalLanguage } from '../i18n/language.ts';
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

/** Renders a plain notice (not framed, or a failed boot). */
export function mountNotice(element: HTMLElement, text: string): void {
  createRoot(element).render(<p className="card">{text}</p>);
}
