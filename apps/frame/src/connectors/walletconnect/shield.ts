import { memoryStorage } from '../../storage/memoryStorage.ts';

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
  const memory = memoryStorage();
  try {
    Object.defineProperty(globalThis, 'localStorage', { value: memory, configurable: true });
  } catch {
    /* not replaceable: the import fails and the caller reports it */
  }
}
