import { bootFrame } from './config/bootFrame.ts';
import { createFrame } from './core/frame.ts';
import { startFrame } from './core/start.ts';
import { connectToHost } from './handlers/connect.ts';
import { createHostClient } from './host/client.ts';

/**
 * Frame entry: verify the FrameConfig and the parent origin FIRST; only a verified,
 * allowed parent gets a frame instance and a penpal connection. Otherwise the frame
 * renders the spec §8 alert and never connects (docs/architecture.md).
 *
 * The UI (React and the views, `core/render.tsx`) is a separate chunk whose download
 * starts here, in parallel with the boot's network calls; the core connects and sends
 * the first state without waiting for it.
 */
async function start(): Promise<void> {
  const ui = import('./core/render.tsx');
  ui.catch((error: unknown) => console.error('[airlock frame] the UI failed to load', error));
  const boot = await bootFrame();
  if (!boot.ok) {
    (await ui).renderBootAlert(boot.problem);
    return;
  }
  const frame = createFrame({
    config: boot.config,
    parentOrigin: boot.parentOrigin,
    deployment: boot.deployment,
    host: createHostClient(),
  });
  void ui.then((m) => m.renderFrame(frame)).catch(() => {});
  await connectToHost(frame);
  await startFrame(frame);
}

void start().catch((error: unknown) => {
  console.error('[airlock frame]', error);
});
