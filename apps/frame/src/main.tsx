// First: zod's JIT off before any schema is built (config/zod.ts).
import './config/zod.ts';
import { bootFrame } from './config/bootFrame.ts';
import { createFrame } from './app/frame.ts';
import { startFrame } from './app/start.ts';
import { connectToHost } from './handlers/connect.ts';
import { createHostClient } from './host/client.ts';

/**
 * Frame entry: verify the FrameConfig and the parent origin FIRST; only a verified,
 * allowed parent gets a frame instance and a penpal connection. Otherwise the frame
 * never connects (docs/architecture.md) and shows, when embedded, the visitor's refusal
 * notice (config/refusalNotice.ts), else the spec §8 alert.
 *
 * The UI (React, the views and their styles, `app/render.tsx`) is a separate chunk, so
 * nothing of it is downloaded or evaluated before the first state and the silent
 * reconnect: it is imported once `startFrame` finished, or at once when the modal opens
 * earlier (the frame is hidden until then).
 */
async function start(): Promise<void> {
  const boot = await bootFrame();
  if (!boot.ok) {
    // Embedded: the visitor's notice (the host shows it on open()); top-level: the spec §8 alert.
    if (window.parent !== window) {
      const { showRefusalNotice } = await import('./config/refusalNotice.ts');
      showRefusalNotice(document, window.parent, location.search, boot.problem);
    } else (await import('./app/render.tsx')).renderBootAlert(boot.problem);
    return;
  }
  const frame = createFrame({
    config: boot.config,
    parentOrigin: boot.parentOrigin,
    deployment: boot.deployment,
    host: createHostClient(),
  });
  let uiRequested = false;
  const loadUi = () => {
    if (uiRequested) return;
    uiRequested = true;
    void import('./app/render.tsx').then(
      (m) => m.renderFrame(frame),
      (error: unknown) => console.error('[airlock frame] the UI failed to load', error),
    );
  };
  const stopWatching = frame.store.subscribe((s) => s.modal.open && loadUi());
  frame.runtime.cleanups.push(stopWatching);
  try {
    await connectToHost(frame);
    await startFrame(frame);
  } finally {
    // A task of its own: the first state's message leaves before the UI's chunks are requested.
    setTimeout(loadUi, 0);
  }
}

void start().catch((error: unknown) => {
  console.error('[airlock frame]', error);
});
