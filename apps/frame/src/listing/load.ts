import type { Frame } from '../store/frame.ts';
import { RECOMMENDED_COUNT, featuredWallets, recommendedWallets } from './paging.ts';
import { walletSource } from './source.ts';
import type { GetWallets, WalletListing } from './types.ts';

/**
 * Entry points of the listing module for the views (lazy-loaded with the
 * AllWallets chunk, so the bundled registry is not in the initial JS).
 */

/** The `getWallets` source of the frame's deployment (provider API or bundled registry). */
export function currentSource(frame: Frame): GetWallets {
  return walletSource(frame.deployment.apiUrl, frame.config.projectId, frame.config.sdkVersion);
}

/** The CAIP-2 ids of the configured networks (the `chains` filter of `getWallets`). */
export function configuredChains(frame: Frame): string[] {
  return frame.config.networks.map((n) => n.caipNetworkId);
}

/** The configured featured wallet ids (FrameConfig.featuredWalletIds), [] when none. */
export function featuredIds(frame: Frame): string[] {
  return frame.config.featuredWalletIds ?? [];
}

/**
 * The featured wallets (FrameConfig.featuredWalletIds, in that order) from the
 * source (`include`), less page wallets (rdns) and recent ones, images
 * prefetched. Resolves [] when none are configured or the source fails.
 */
export async function loadFeatured(frame: Frame, installedRdns: string[], recent: string[]): Promise<WalletListing[]> {
  const ids = featuredIds(frame);
  if (!ids.length) return [];
  try {
    const { data } = await currentSource(frame)({ page: 1, entries: ids.length, include: ids });
    const picked = featuredWallets(data, ids, installedRdns, recent);
    void frame.images.prefetch(picked.map((w) => w.image_url));
    return picked;
  } catch {
    return [];
  }
}

/**
 * The Connect view's listing wallets in the spec §1 order: `featured`
 * ({@link loadFeatured}), then `recommended` (spec §9: 4): page 1 of the
 * source minus page wallets (rdns), recent and featured ones, images
 * prefetched, and `count`: how many wallets the source lists for the configured
 * networks (null when it fails). Each part resolves [] when the source fails.
 */
export async function loadConnectListing(
  frame: Frame,
  installedRdns: string[],
  recent: string[],
): Promise<{ featured: WalletListing[]; recommended: WalletListing[]; count: number | null }> {
  const featured = await loadFeatured(frame, installedRdns, recent);
  try {
    const { data, count } = await currentSource(frame)({
      page: 1,
      entries: RECOMMENDED_COUNT + 8 + featured.length,
      chains: configuredChains(frame),
    });
    const recommended = recommendedWallets(data, installedRdns, recent, featuredIds(frame));
    void frame.images.prefetch(recommended.map((w) => w.image_url));
    return { featured, recommended, count };
  } catch {
    return { featured, recommended: [], count: null };
  }
}
