/**
 * Time-bounded caches (spec §9 'Portfolio and native balance cache 30 s; ENS
 * and identity cache 5 min. Balance retry guard 30 s. Balances cached per
 * chain and address').
 */

/** Balance cache lifetime, ms (spec §9). */
export const BALANCE_CACHE_MS = 30_000;
/** Identity cache lifetime, ms (spec §9). */
export const IDENTITY_CACHE_MS = 5 * 60_000;
/** After a failed balance fetch, no new fetch for this long, ms (spec §8, §9 'retry blocked for 30 s'). */
export const BALANCE_RETRY_GUARD_MS = 30_000;
/** Entries kept at most (spec §9 'caches up to 8192 entries'); the oldest go first. */
export const CACHE_MAX_ENTRIES = 8192;

/** A key → value cache whose entries expire `ttlMs` after they were set. */
export type TtlCache<V> = {
  /** The value, or undefined when missing or expired. */
  get: (key: string) => V | undefined;
  /** Stores `value` for `ttlMs` from now. */
  set: (key: string, value: V) => void;
  /** Drops one key. */
  delete: (key: string) => void;
  /** Drops everything. */
  clear: () => void;
};

/**
 * Creates a TTL cache.
 * @param ttlMs lifetime of an entry in ms
 * @param now clock in ms (tests pass a fake one); default `Date.now`
 */
export function createTtlCache<V>(ttlMs: number, now: () => number = () => Date.now()): TtlCache<V> {
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      if (entries.size > CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}
