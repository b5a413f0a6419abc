import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PopupParentMethods } from '../approval/popup.ts';
import type { SecureFrame } from '../frame.ts';
import { App } from './App.tsx';
import { PopupApp } from './PopupApp.tsx';
import { PasskeyWindowApp } from './PasskeyWindowApp.tsx';
import type { PasskeyWindowParent } from '../passkey/window.ts';
import '../styles.css';

/** Renders the secure frame's UI (the approvals) into `element`. Loaded after READY. */
export function mountFrameUi(element: HTMLElement, frame: SecureFrame): void {
  createRoot(element).render(
    <StrictMode>
      <App frame={frame} />
    </StrictMode>,
  );
}

/** Renders the popup window's UI into `element`. */
export function mountPopupUi(element: HTMLElement, parent: PopupParentMethods, id: string): void {
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
