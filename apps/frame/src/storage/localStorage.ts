/**
 * The frame's own `localStorage` when the browser lets this third-party frame use it
 * (partitioned storage in current Chrome, Firefox and Safari), else null (storage
 * blocked: incognito, third-party cookies off, Playwright's default flags). A read of
 * `window.localStorage` itself throws a SecurityError when blocked, hence the probe.
 * Never throws.
 */
export function usableLocalStorage(): Storage | null {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return null;
    storage.setItem('airlock:probe', '1');
    storage.removeItem('airlock:probe');
    return storage;
  } catch {
    return null;
  }
}
