import type { SecretStorage } from '../../storage/secrets.ts';

/**
 * WalletConnect's key-value storage (`IKeyValueStorage` of `@walletconnect/keyvaluestorage`)
 * over the frame's SECRET storage: keys `wc:<key>` under the parent-origin prefix,
 * values JSON. Never the dapp origin (docs/architecture.md, 'Trust boundary').
 */
export type WalletConnectStorage = {
  /** All WalletConnect keys (without the prefix). */
  getKeys(): Promise<string[]>;
  /** All `[key, value]` pairs. */
  getEntries<T = unknown>(): Promise<[string, T][]>;
  /** The value under `key`, undefined when absent or unreadable. */
  getItem<T = unknown>(key: string): Promise<T | undefined>;
  /** Stores `value` (JSON-serialisable) under `key`. */
  setItem<T = unknown>(key: string, value: T): Promise<void>;
  /** Removes `key`. */
  removeItem(key: string): Promise<void>;
};

const PREFIX = 'wc:';

/** Creates the adapter. Never throws: storage failures keep the in-memory copy. */
export function createWalletConnectStorage(secrets: SecretStorage): WalletConnectStorage {
  const read = <T>(key: string): T | undefined => {
    const raw = secrets.get(PREFIX + key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  };
  const keys = () =>
    secrets
      .keys()
      .filter((k) => k.startsWith(PREFIX))
      .map((k) => k.slice(PREFIX.length));
  return {
    getKeys: async () => keys(),
    getEntries: async <T>() => keys().map((key) => [key, read<T>(key) as T] as [string, T]),
    getItem: async <T>(key: string) => read<T>(key),
    setItem: async (key, value) => {
      if (value === undefined) secrets.remove(PREFIX + key);
      else secrets.set(PREFIX + key, JSON.stringify(value));
    },
    removeItem: async (key) => secrets.remove(PREFIX + key),
  };
}
