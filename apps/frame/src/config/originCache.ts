import { z } from 'zod/mini';

/**
 * The last allowed-origins list the provider API gave for a project, kept in the
 * frame's OWN localStorage (never the page's) so a frame whose API is unreachable
 * still applies the project's list rather than only the deployment bound. The list
 * is not a secret; it is stored with the API URL it came from and used only with
 * that API. When the browser denies the frame its storage there is no cache.
 */

/**
 * Key prefix; the full key is `airlock:v1:allowedOrigins:<projectId>`. Keyed by project,
 * not by parent origin: the list belongs to the project, is written only from the
 * deployment's API, and is the same whichever page embeds the frame.
 */
export const ORIGIN_CACHE_PREFIX = 'airlock:v1:allowedOrigins:';

const CachedOriginsSchema = z.object({
  v: z.literal(1),
  apiUrl: z.string(),
  origins: z.array(z.string().check(z.maxLength(500))).check(z.maxLength(500)),
  savedAt: z.number(),
});

/** The storage the cache uses (the frame's localStorage; tests pass a Map-backed one). */
export type OriginCacheStorage = Pick<Storage, 'getItem' | 'setItem'>;

function storageOrNull(storage: OriginCacheStorage | undefined): OriginCacheStorage | null {
  if (storage) return storage;
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // third-party storage denied
  }
}

/**
 * The cached list of `projectId` from the API at `apiUrl`, or null when there is none,
 * it came from another API, it is malformed or storage is denied. Never throws.
 */
export function readCachedOrigins(projectId: string, apiUrl: string, storage?: OriginCacheStorage): string[] | null {
  try {
    const raw = storageOrNull(storage)?.getItem(ORIGIN_CACHE_PREFIX + projectId);
    if (!raw) return null;
    const parsed = CachedOriginsSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.apiUrl === apiUrl ? parsed.data.origins : null;
  } catch {
    return null;
  }
}

/** Stores the list the API at `apiUrl` gave for `projectId`. Storage failures are ignored. */
export function writeCachedOrigins(
  projectId: string,
  apiUrl: string,
  origins: readonly string[],
  storage?: OriginCacheStorage,
  now = Date.now(),
): void {
  try {
    storageOrNull(storage)?.setItem(
      ORIGIN_CACHE_PREFIX + projectId,
      JSON.stringify({ v: 1, apiUrl, origins, savedAt: now }),
    );
  } catch {
    /* quota or denied: no cache */
  }
}
