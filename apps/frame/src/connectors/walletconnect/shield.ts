/**
 * A third-party iframe whose storage is blocked throws a SecurityError on any read
 * of `window.localStorage`, and `@walletconnect/keyvaluestorage` reads it when its
 * module loads (before the frame's own storage adapter is used). When the read
 * throws, `window.localStorage` is replaced by an empty in-memory Storage for this
 * document. WalletConnect's real state still goes through the frame's secret storage.
 */
export function shieldDeniedLocalStorage(): void {
  try {
    void globalThis.localStorage;
    return;
  } catch {
    /* denied: install the in-memory stand-in */
  }
  const items = new Map<string, string>();
  const memory: Storage = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
  try {
    Object.defineProperty(globalThis, 'localStorage', { value: memory, configurable: true });
  } catch {
    /* not replaceable: the import fails and the caller reports it */
  }
}
