import { WALLETCONNECT_KEY_PREFIX, loadStoredValue, saveStoredValue, storedKeys } from '../../stores/persistence.ts';

/**
 * WalletConnect's key-value storage (`IKeyValueStorage` of
 * `@walletconnect/keyvaluestorage`) backed by the frame's persistence cache:
 * the frame's localStorage when granted, otherwise the dapp-origin blob via
 * the host's `storage.get`/`storage.set` (stores/persistence.ts). The SDK's
 * default (IndexedDB / localStorage of the frame origin) may be denied to a
 * third-party iframe. Keys are stored as `airlock:wc:<key>`, values as JSON.
 */
export type FrameKeyValueStorage = {
  /** All WalletConnect keys (without the `airlock:wc:` prefix). */
  getKeys(): Promise<string[]>;
  /** All `[key, value]` pairs. */
  getEntries<T = unknown>(): Promise<[string, T][]>;
  /** The value under `key`, undefined when absent. */
  getItem<T = unknown>(key: string): Promise<T | undefined>;
  /** Stores `value` (JSON-serialisable) under `key`. */
  setItem<T = unknown>(key: string, value: T): Promise<void>;
  /** Removes `key`. */
  removeItem(key: string): Promise<void>;
};

/** Creates the storage (see {@link FrameKeyValueStorage}). Never throws: storage failures keep the in-memory copy. */
export function createFrameStorage(): FrameKeyValueStorage {
  const full = (key: string) => WALLETCONNECT_KEY_PREFIX + key;
  const keys = () => storedKeys(WALLETCONNECT_KEY_PREFIX).map((k) => k.slice(WALLETCONNECT_KEY_PREFIX.length));
  return {
    getKeys: async () => keys(),
    getEntries: async <T,>() => keys().map((key) => [key, loadStoredValue(full(key)) as T] as [string, T]),
    getItem: async <T,>(key: string) => {
      const value = loadStoredValue(full(key));
      return value === null ? undefined : (value as T);
    },
    setItem: async (key, value) => saveStoredValue(full(key), value === undefined ? null : value),
    removeItem: async (key) => saveStoredValue(full(key), null),
  };
}
