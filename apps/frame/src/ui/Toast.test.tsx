// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hideToast, showToast, TOAST_DURATION_MS, TOAST_SWAP_DELAY_MS } from '../actions/toast.ts';
import type { Frame } from '../store/frame.ts';
import { FrameProvider } from '../core/react.ts';
import { createTestFrame } from '../testing/testFrame.ts';
import { Toast } from './Toast.tsx';

let frame: Frame;

beforeEach(async () => {
  ({ frame } = await createTestFrame({ start: false }));
  vi.useFakeTimers();
  render(
    <FrameProvider frame={frame}>
      <Toast />
    </FrameProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  frame.destroy();
});

/** The shown toast's variant and text, or null. */
const shown = () => {
  const toast = screen.queryByTestId('toast');
  return toast
    ? { variant: toast.dataset.variant, text: toast.textContent, icon: toast.querySelector('svg') !== null }
    : null;
};

describe('toasts (spec §4)', () => {
  it('shows a success toast with its icon in a live region, and hides it after a while', () => {
    act(() => showToast(frame, 'Address copied'));
    expect(shown()).toEqual({ variant: 'success', text: 'Address copied', icon: true });
    expect(screen.getByRole('status').textContent).toBe('Address copied');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(shown()).toBeNull();
  });

  it('a new toast closes the open one and appears 150 ms later', () => {
    act(() => showToast(frame, 'Sending transaction', 'loading'));
    expect(shown()).toEqual({ variant: 'loading', text: 'Sending transaction', icon: true });
    act(() => showToast(frame, 'Transaction failed', 'error'));
    expect(shown()).toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS - 1));
    expect(shown()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual({ variant: 'error', text: 'Transaction failed', icon: true });
  });

  it('a loading toast stays until it is replaced or hidden', () => {
    act(() => showToast(frame, 'Sending transaction', 'loading'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 4));
    expect(shown()?.variant).toBe('loading');
    act(() => hideToast(frame));
    expect(shown()).toBeNull();
  });

  it('hiding drops a toast that was waiting to replace the open one', () => {
    act(() => showToast(frame, 'First'));
    act(() => showToast(frame, 'Second'));
    act(() => hideToast(frame));
    act(() => vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS * 2));
    expect(shown()).toBeNull();
  });
});
