import { connect, WindowMessenger, type Methods } from 'penpal';
import { EMBEDDED_TIMEOUTS_MS, type EmbeddedParentMethods } from '@airlock/protocol';
import { createApiClient } from './api/client.ts';
import { connectToOpener, POPUP_PARAM } from './approval/popup.ts';
import { loadDeployment } from './config/deployment.ts';
import { createSecureFrame } from './frame.ts';
import { loadDevice, type Device } from './keys/device.ts';
import { indexedDbStore, memoryStore } from './keys/store.ts';
import { createSecureFrameMethods } from './methods.ts';
import { SOCIAL_POPUP_PARAM } from './social/login.ts';
import { connectPasskeyOpener, PASSKEY_WINDOW_PARAM } from './passkey/window.ts';

/** Version reported in READY. */
const VERSION = '0.1.0';

const root = document.getElementById('root')!;
/** The UI (React, the approval screens): a separate chunk, loaded after READY. */
const ui = () => import('./ui/mount.tsx');

/**
 * Boot of the secure frame (docs/embedded-wallet.md "Secure frame"):
 * - popup mode (`?approval=<id>`, opened by the frame itself): connect to the opener and show that approval;
 * - not framed: a notice and nothing else;
 * - framed: load the deployment (widget origin, API), the device keys, connect to the parent with
 *   penpal accepting ONLY the widget frame origin (20 s, spec §9), render, then call `ready`.
 */
async function boot(): Promise<void> {
  const popupId = new URLSearchParams(location.search).get(POPUP_PARAM);
  if (popupId) {
    const [parent, { mountPopupUi }] = await Promise.all([connectToOpener(), ui()]);
    mountPopupUi(root, parent, popupId);
    return;
  }
  // The passkey window (passkey/window.ts): the ceremony the frame may not run inside the widget.
  if (new URLSearchParams(location.search).has(PASSKEY_WINDOW_PARAM)) {
    const [opener, { mountPasskeyWindow }] = await Promise.all([connectPasskeyOpener(), ui()]);
    mountPasskeyWindow(root, opener);
    return;
  }
  // The social login popup's loading page (social/login.ts): the opener sends it on to the provider.
  if (new URLSearchParams(location.search).has(SOCIAL_POPUP_PARAM) && window.opener) {
    (await ui()).mountNotice(root, 'Connecting… Continue in this window.');
    return;
  }
  if (window.parent === window) {
    // Spec §8 'W3mFrame: parent is not set': opened on its own, not inside the widget frame.
    console.warn('W3mFrame: parent is not set');
    (await ui()).mountNotice(root, 'This page is part of the Airlock wallet widget and works only inside it.');
    return;
  }
  const deployment = await loadDeployment();
  // Third-party storage blocked (no partitioning, cookies off): keys and session in memory only,
  // nothing survives a reload, and nothing is ever written in the clear instead.
  let store = indexedDbStore();
  let persistent = true;
  let device: Device;
  try {
    device = await loadDevice(store);
  } catch (error) {
    console.warn(`[secure-frame] storage unavailable (${(error as Error).message}): the session lasts until a reload`);
    store = memoryStore();
    persistent = false;
    device = await loadDevice(store);
  }
  const api = createApiClient(deployment.apiUrl, device);
  let parent: EmbeddedParentMethods | undefined;
  const ancestors = location.ancestorOrigins ? Array.from(location.ancestorOrigins) : undefined;
  const frame = createSecureFrame({
    deployment,
    api,
    device,
    store,
    parent: () => parent,
    ancestors,
    persistent,
  });
  const connection = connect({
    messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [deployment.widgetOrigin] }),
    methods: createSecureFrameMethods(frame) as unknown as Methods,
    timeout: EMBEDDED_TIMEOUTS_MS.load,
  });
  parent = (await connection.promise) as unknown as EmbeddedParentMethods;
  await parent.ready({ version: VERSION });
  // Approvals asked before the UI is in wait in the queue and show when it mounts.
  (await ui()).mountFrameUi(root, frame);
}

boot().catch((error: unknown) => {
  // Only the message: nothing secret is ever in an error of the boot.
  console.error(`[secure-frame] ${(error as Error).message}`);
});
