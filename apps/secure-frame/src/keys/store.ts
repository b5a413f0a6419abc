/**
 * Where the secure frame keeps what survives a reload: an IndexedDB object store
 * on its own origin (partitioned per top-level site by the browser). Values are
 * structured clones, so non-extractable CryptoKeys are stored as keys, never as bytes.
 */
export type KeyValueStore = {
  get: <T>(key: string) => Promise<T | undefined>;
  set: (key: string, value: unknown) => Promise<void>;
  delete: (key: string) => Promise<void>;
};

/** Rejects after `ms` with 'Storage timed out' (IndexedDB can hang when blocked). */
function withTimeout<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Storage timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The IndexedDB store `name` (one object store `kv`).
 * @throws Error when IndexedDB is unavailable (the caller reports it; nothing is kept in the clear instead)
 */
export function indexedDbStore(name = 'airlock-secure-frame'): KeyValueStore {
  let opened: Promise<IDBDatabase> | undefined;
  const open = () =>
    (opened ??= withTimeout(
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name, 1);
        request.onupgradeneeded = () => request.result.createObjectStore('kv');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
      }),
    ));
  const run = async <T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest): Promise<T> => {
    const db = await open();
    return withTimeout(
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction('kv', mode);
        const request = body(tx.objectStore('kv'));
        tx.oncomplete = () => resolve(request.result as T);
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB error'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB aborted'));
      }),
    );
  };
  return {
    get: (key) => run('readonly', (store) => store.get(key)),
    set: async (key, value) => void (await run('readwrite', (store) => store.put(value, key))),
    delete: async (key) => void (await run('readwrite', (store) => store.delete(key))),
  };
}

/** A store in memory (tests, and browsers without IndexedDB: nothing survives a reload). */
export function memoryStore(): KeyValueStore {
  const values = new Map<string, unknown>();
  return {
    get: async <T>(key: string) => values.get(key) as T | undefined,
    set: async (key, value) => void values.set(key, value),
    delete: async (key) => void values.delete(key),
  };
}
