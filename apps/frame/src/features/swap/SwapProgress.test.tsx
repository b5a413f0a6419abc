// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSwap } from '../../actions/swap.ts';
import { FrameProvider } from '../../core/react.ts';
import type { Frame } from '../../store/frame.ts';
import { createTestFrame } from '../../testing/testFrame.ts';
import { SwapProgress } from './SwapView.tsx';

let frame: Frame;
afterEach(() => {
  cleanup();
  frame?.destroy();
});

describe('swap progress', () => {
  it('a swap that approves first says Step 1 of 2, then Step 2 of 2; one without an approval has no step numbers', async () => {
    ({ frame } = await createTestFrame({ start: false }));
    render(
      <FrameProvider frame={frame}>
        <SwapProgress symbol="DEV" />
      </FrameProvider>,
    );
    act(() => setSwap(frame, { step: 'approving' }));
    expect(screen.getByTestId('swap-step').textContent).toContain('Step 1 of 2');
    act(() => setSwap(frame, { step: 'swapping' }));
    expect(screen.getByTestId('swap-step').textContent).toContain('Step 2 of 2');
    act(() => setSwap(frame, { step: 'done' }));
    act(() => setSwap(frame, { step: 'idle' }));
    act(() => setSwap(frame, { step: 'swapping' }));
    expect(screen.getByTestId('swap-step').textContent).not.toContain('Step');
  });
});
