import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { bootFrame } from './config/bootFrame.ts';
import { createFrame } from './core/frame.ts';
import { FrameProvider } from './core/react.ts';
import { startFrame } from './core/start.ts';
import { connectToHost } from './handlers/connect.ts';
import { createHostClient } from './host/client.ts';
import { BootAlert } from './ui/BootAlert.tsx';
import './styles.css';

/**
 * Frame entry: verify the FrameConfig and the parent origin FIRST; only a verified,
 * allowed parent gets a frame instance and a penpal connection. Otherwise the frame
 * renders the spec §8 alert and never connects (docs/architecture.md).
 */
async function start(): Promise<void> {
  const boot = await bootFrame();
  const render = (node: ReactNode) =>
    createRoot(document.getElementById('root')!).render(<StrictMode>{node}</StrictMode>);
  if (!boot.ok) {
    render(<BootAlert problem={boot.problem} />);
    return;
  }
  const frame = createFrame({
    config: boot.config,
    parentOrigin: boot.parentOrigin,
    deployment: boot.deployment,
    host: createHostClient(),
  });
  render(
    <FrameProvider frame={frame}>
      <App />
    </FrameProvider>,
  );
  await connectToHost(frame);
  await startFrame(frame);
}

void start().catch((error: unknown) => {
  console.error('[airlock frame]', error);
});
