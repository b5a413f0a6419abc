/**
 * Wallet image prefetch (spec §9: the first 20 images, 2 s preload timeout,
 * placeholder on failure).
 */

/** Images prefetched when AllWallets opens (spec §9: 20). */
export const PREFETCH_COUNT = 20;

/** A preload that takes longer counts as failed, ms (spec §9: 2 s). */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000;

/** Which image URLs loaded or failed, per frame. */
export type ImageCache = {
  /** True when `url` failed or timed out in a preload (show the placeholder). */
  failed(url: string): boolean;
  /**
   * Preloads one image; resolves true when it loaded within `timeoutMs` (default
   * {@link IMAGE_PRELOAD_TIMEOUT_MS}), false on an error or timeout. `data:` URIs resolve
   * true at once. Never rejects.
   */
  preload(url: string, timeoutMs?: number): Promise<boolean>;
  /** Preloads the first {@link PREFETCH_COUNT} of `urls` in parallel; resolves when all settled. */
  prefetch(urls: readonly (string | null | undefined)[]): Promise<void>;
};

/** Creates an image cache. */
export function createImageCache(): ImageCache {
  const failed = new Set<string>();
  const loaded = new Set<string>();
  const preload = (url: string, timeoutMs = IMAGE_PRELOAD_TIMEOUT_MS): Promise<boolean> => {
    if (url.startsWith('data:image/') || loaded.has(url)) return Promise.resolve(true);
    if (failed.has(url)) return Promise.resolve(false);
    return new Promise((resolve) => {
      const image = new Image();
      const done = (ok: boolean) => {
        clearTimeout(timer);
        image.onload = image.onerror = null;
        (ok ? loaded : failed).add(url);
        resolve(ok);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      image.onload = () => done(true);
      image.onerror = () => done(false);
      image.src = url;
    });
  };
  return {
    failed: (url) => failed.has(url),
    preload,
    prefetch: async (urls) => {
      await Promise.all(
        urls
          .filter((u): u is string => !!u)
          .slice(0, PREFETCH_COUNT)
          .map((u) => preload(u)),
      );
    },
  };
}
