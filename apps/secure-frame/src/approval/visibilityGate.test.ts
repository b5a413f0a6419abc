import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchVisibility } from './visibilityGate.ts';

/** A fake IntersectionObserver v2 the test drives. */
function fakeObserver() {
  let callback: ((entries: IntersectionObserverEntry[]) => void) | undefined;
  const options: unknown[] = [];
  return {
    options,
    observe: (cb: (entries: IntersectionObserverEntry[]) => void, init: unknown) => {
      callback = cb;
      options.push(init);
      return { observe: () => {}, disconnect: () => (callback = undefined) };
    },
    report: (isVisible: boolean, ratio = 1) =>
      callback?.([
        { isVisible, isIntersecting: ratio > 0, intersectionRatio: ratio } as unknown as IntersectionObserverEntry,
      ]),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('visibility gate', () => {
  it('enables only after 500 ms of continuous visibility, and disables at once when covered', () => {
    const fake = fakeObserver();
    const states: boolean[] = [];
    watchVisibility({} as Element, (enabled) => states.push(enabled), { observe: fake.observe });
    expect(fake.options[0]).toMatchObject({ trackVisibility: true, delay: 100 });
    expect(states).toEqual([false]);
    fake.report(true);
    vi.advanceTimersByTime(499);
    expect(states).toEqual([false]);
    fake.report(false); // covered before 500 ms: the clock starts again
    vi.advanceTimersByTime(10);
    fake.report(true);
    vi.advanceTimersByTime(499);
    expect(states).toEqual([false]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([false, true]);
    fake.report(false);
    expect(states).toEqual([false, true, false]);
  });

  it('stays disabled while only partly in view', () => {
    const fake = fakeObserver();
    const states: boolean[] = [];
    watchVisibility({} as Element, (enabled) => states.push(enabled), { observe: fake.observe });
    fake.report(true, 0.5);
    vi.advanceTimersByTime(2_000);
    expect(states).toEqual([false]);
  });

  it('fails closed without IntersectionObserver v2', () => {
    const states: boolean[] = [];
    watchVisibility({} as Element, (enabled) => states.push(enabled));
    vi.advanceTimersByTime(2_000);
    expect(states).toEqual([false]);
  });
});
