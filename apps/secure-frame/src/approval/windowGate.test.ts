import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchWindowActive } from './windowGate.ts';

/** A window whose focus and visibility the test sets. */
function fakeWindow(active: boolean) {
  let listener: (() => void) | undefined;
  return {
    activity: {
      isActive: () => active,
      subscribe: (next: () => void) => {
        listener = next;
        return () => (listener = undefined);
      },
    },
    set: (next: boolean) => {
      active = next;
      listener?.();
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('approval window gate', () => {
  it('enables Approve only after 500 ms of focus, and disables it at once on blur', () => {
    const win = fakeWindow(true);
    const states: boolean[] = [];
    watchWindowActive((enabled) => states.push(enabled), { activity: win.activity });
    vi.advanceTimersByTime(499);
    expect(states).toEqual([false]);
    win.set(false); // blurred before 500 ms: the clock starts again
    win.set(true);
    vi.advanceTimersByTime(499);
    expect(states).toEqual([false]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([false, true]);
    win.set(false);
    expect(states).toEqual([false, true, false]);
  });

  it('stays disabled while the window is in the background', () => {
    const win = fakeWindow(false);
    const states: boolean[] = [];
    const stop = watchWindowActive((enabled) => states.push(enabled), { activity: win.activity });
    vi.advanceTimersByTime(5_000);
    expect(states).toEqual([false]);
    stop();
    win.set(true);
    vi.advanceTimersByTime(5_000);
    expect(states).toEqual([false]);
  });
});
