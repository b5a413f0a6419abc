import { usableLocalStorage } from './localStorage.ts';

/**
 * Secret storage: WalletConnect's keychain, sessions and everything `@walletconnect/*`
 * stores (later the embedded wallet's material). It lives ONLY on the widget origin:
 * the frame's own localStorage when usable; else storage granted through the Storage
 * Access API; else memory (the session ends with the page and the UI says so). It never
 * goes to the dapp origin. Keys are given without the origin prefix; the prefix is added here.
 */

/** Where the secrets are kept (see {@link SecretStorage.mode}). */
export type SecretMode = 'local' | 'granted' | 'memory';

/** The Storage Access API as far as the frame uses it (feature-detected; Chromium returns a handle with `localStorage`). */
export type StorageAccessDocument = {
  hasStorageAccess?: () => Promise<boolean>;
  requestStorageAccess?: (types?: { localStorage?: boolean }) => Promise<{ localStorage?: Storage } | undefined>;
};

/** A synchronous key → string store over memory, written through to the backing storage when there is one. */
export type SecretStorage = {
  /** `local` (frame storage), `granted` (Storage Access API) or `memory` (lost with the page). */
  readonly mode: SecretMode;
  /** True when the browser offers `document.requestStorageAccess` (a visitor's click may grant storage). */
  readonly canRequestAccess: boolean;
  /** The value under `key`, null when absent. */
  get(key: string): string | null;
  /** Stores `value` under `key`. Storage failures keep the in-memory copy. */
  set(key: string, value: string): void;
  /** Removes `key`. */
  remove(key: string): void;
  /** Every key (without the prefix). */
  keys(): string[];
  /**
   * Boot: when the frame's storage is denied but access was granted before
   * (`hasStorageAccess()`), switches to the granted storage. Never rejects.
   */
  checkAccess(): Promise<void>;
  /**
   * On the visitor's click: asks for storage (`requestStorageAccess({ localStorage: true })`);
   * on grant moves the in-memory secrets there. Resolves true when granted. Never rejects.
   */
  requestAccess(): Promise<boolean>;
  /** Calls `listener` after the mode changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
};

/**
 * Creates the secret storage for keys under `prefix` (see storage/keys.ts).
 * @param options.local the frame's usable localStorage, or null when denied (default: probed)
 * @param options.doc the document offering the Storage Access API (default: `document` when present)
 */
export function createSecretStorage(
  prefix: string,
  options: { local?: Storage | null; doc?: StorageAccessDocument | null } = {},
): SecretStorage {
  const memory = new Map<string, string>();
  const listeners = new Set<() => void>();
  const doc =
    options.doc !== undefined ? options.doc : ((globalThis as { document?: StorageAccessDocument }).document ?? null);
  let backing: Storage | null = options.local !== undefined ? options.local : usableLocalStorage();
  let mode: SecretMode = backing ? 'local' : 'memory';

  const load = (storage: Storage) => {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(prefix)) continue;
      const value = storage.getItem(key);
      if (value !== null && !memory.has(key.slice(prefix.length))) memory.set(key.slice(prefix.length), value);
    }
  };
  const adopt = (storage: Storage, next: SecretMode) => {
    load(storage);
    for (const [key, value] of memory) {
      try {
        storage.setItem(prefix + key, value);
      } catch {
        /* full: the in-memory copy stays */
      }
    }
    backing = storage;
    mode = next;
    listeners.forEach((l) => l());
  };
  const grantedStorage = async (): Promise<Storage | null> => {
    try {
      const handle = await doc?.requestStorageAccess?.({ localStorage: true });
      return handle?.localStorage ?? usableLocalStorage();
    } catch {
      return null;
    }
  };
  if (backing) load(backing);

  return {
    get mode() {
      return mode;
    },
    canRequestAccess: typeof doc?.requestStorageAccess === 'function',
    get: (key) => memory.get(key) ?? null,
    set(key, value) {
      memory.set(key, value);
      try {
        backing?.setItem(prefix + key, value);
      } catch {
        /* full or revoked: the in-memory copy stays */
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        backing?.removeItem(prefix + key);
      } catch {
        /* revoked */
      }
    },
    keys: () => [...memory.keys()],
    async checkAccess() {
      if (backing || typeof doc?.hasStorageAccess !== 'function') return;
      try {
        if (!(await doc.hasStorageAccess())) return;
      } catch {
        return;
      }
      const storage = await grantedStorage();
      if (storage) adopt(storage, 'granted');
    },
    async requestAccess() {
      if (backing) return true;
      const storage = await grantedStorage();
      if (!storage) return false;
      adopt(storage, 'granted');
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
