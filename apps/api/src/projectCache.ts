import type { Project } from './projects.ts';

/**
 * A short-lived, bounded cache in front of the project lookup, so a flood
 * of requests (valid or random project ids) does not query the database on
 * every request. Both answers are cached: the project, and "no such project".
 * Concurrent lookups of one id share one query. Errors are not cached.
 */
export type ProjectCache = {
  /** The project with this id (from the cache while fresh, else looked up), or undefined. @throws the lookup's error. */
  get: (id: string) => Promise<Project | undefined>;
  /** The project when it is cached as existing and still fresh; undefined otherwise (no lookup). */
  known: (id: string) => Project | undefined;
  /** Entries held now (at most `maxEntries`). */
  size: () => number;
};

/** Options of {@link createProjectCache}. */
export type ProjectCacheOptions = {
  /** How long an answer is reused, in ms (default 5000). 0 disables caching. */
  ttlMs?: number;
  /** Most ids kept (default 10 000); past it the least recently used is dropped. */
  maxEntries?: number;
  /** Clock in ms, default `Date.now`. */
  now?: () => number;
};

/** Creates a {@link ProjectCache} over `lookup` (e.g. `getProject(db, id)`). */
export function createProjectCache(
  lookup: (id: string) => Promise<Project | undefined>,
  options: ProjectCacheOptions = {},
): ProjectCache {
  const ttlMs = options.ttlMs ?? 5000;
  const maxEntries = Math.max(1, options.maxEntries ?? 10_000);
  const now = options.now ?? Date.now;
  const entries = new Map<string, { project: Project | undefined; until: number }>();
  const inFlight = new Map<string, Promise<Project | undefined>>();

  const fresh = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return undefined;
    if (entry.until <= now()) {
      entries.delete(id);
      return undefined;
    }
    return entry;
  };

  return {
    known: (id) => fresh(id)?.project,
    get: (id) => {
      const entry = fresh(id);
      if (entry) {
        // Keep recently used ids last, so the oldest is the least recently used.
        entries.delete(id);
        entries.set(id, entry);
        return Promise.resolve(entry.project);
      }
      const pending = inFlight.get(id);
      if (pending) return pending;
      const query = lookup(id)
        .then((project) => {
          if (ttlMs > 0) {
            entries.set(id, { project, until: now() + ttlMs });
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
          }
          return project;
        })
        .finally(() => inFlight.delete(id));
      inFlight.set(id, query);
      return query;
    },
    size: () => entries.size,
  };
}
