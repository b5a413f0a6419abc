import type { FrameStore } from './store.ts';

/**
 * Waits until `find` returns something from `store`'s state, up to `timeoutMs` (ms): at once
 * when it already does, else on the first change that makes it. Resolves with it, or null on
 * timeout. Never rejects.
 */
export function waitForState<T>(store: FrameStore, find: () => T | null, timeoutMs: number): Promise<T | null> {
  const found = find();
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, timeoutMs);
    const stop = store.subscribe(() => {
      const value = find();
      if (!value) return;
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });
}
