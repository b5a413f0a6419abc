import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../App.tsx';
import type { BootProblem } from '../config/parseConfig.ts';
import { BootAlert } from '../ui/BootAlert.tsx';
import type { Frame } from './frame.ts';
import { FrameProvider } from './react.ts';
import '../styles.css';

/**
 * The frame's UI: React, the modal and its styles. Loaded by `main.tsx` with a dynamic
 * `import()` after the first state and the silent reconnect (or when the modal opens
 * first), so neither waits for React's download or evaluation.
 */

function render(node: ReactNode): void {
  createRoot(document.getElementById('root')!).render(<StrictMode>{node}</StrictMode>);
}

/** Renders the modal of a booted frame into `#root`. */
export function renderFrame(frame: Frame): void {
  render(
    <FrameProvider frame={frame}>
      <App />
    </FrameProvider>,
  );
}

/** Renders the spec §8 alert of a refused boot into `#root`. */
export function renderBootAlert(problem: BootProblem): void {
  render(<BootAlert problem={problem} />);
}
