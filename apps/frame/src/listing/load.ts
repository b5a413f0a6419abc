import { useOptionsStore } from '../stores/options.ts';
import { prefetchImages } from './images.ts';
import { RECOMMENDED_COUNT, featuredWallets, recommendedWallets } from './paging.ts';
import { walletSource } from './source.ts';
import type { GetWallets, WalletListing } from './types.ts';

/**
 * Entry points of the listing module for the views (lazy-loaded with the
 * AllWallets chunk, so the bundled registry is not in the initial JS).
 */

/** The `getWallets` source: the deployment's provider API (never the page's) or the bundled registry. */
export function currentSource(): GetWallets {
  const { config, deployment } = useOptionsStore.getState();
  return walletSource(config ? { apiUrl: deployment?.apiUrl ?? undefined, projectId: config.projectId, sdkVersion: config.sdkVersion } : null);
}

/** The CAIP-2 ids of the configured networks (the `chains` filter of `getWallets`). */
export function configuredChains(): string[] {
  return (useOptionsStore.getState().config?.networks ?? []).map((n) => n.caipNetworkId);
}

/** The configured featured wallet ids (FrameConfig.featuredWalletIds), [] when none. */
export function featuredIds(): string[] {
  return useOptionsStore.getState().config?.featuredWalletIds ?? [];
}

/**
 * The featured wallets (FrameConfig.featuredWalletIds, in that order) from the
 * source (`include`), less page wallets (rdns) and recent ones, images
 * prefetched. Resolves [] when none are configured or the source fails.
 */
export async function loadFeatured(installedRdns: string[], recent: string[]): Promise<WalletListing[]> {
  const ids = featuredIds();
  if (!ids.length) return [];
  try {
    const { data } = await currentSource()({ page: 1, entries: ids.length, include: ids });
    const picked = featuredWallets(data, ids, installedRdns, recent);
    void prefetchImages(picked.map((w) => w.image_url));
    return picked;
  } catch {
    return [];
  }
}

/**
 * The Connect view's listing wallets in the spec §1 order: `featured`
 * ({@link loadFeatured}), then `recommended` (spec §9: 4): page 1 of the
 * source minus page wallets (rdns), recent and featured ones, images
 * prefetched. Each part resolves [] when the source fails.
 */
export async function loadConnectListing(
  installedRdns: string[],
  recent: string[],
): Promise<{ featured: WalletListing[]; recommended: WalletListing[] }> {
  const featured = await loadFeatured(installedRdns, recent);
  try {
    const { data } = await currentSource()({ page: 1, entries: RECOMMENDED_COUNT + 8 + featured.length, chains: configuredChains() });
    const recommended = recommendedWallets(data, installedRdns, recent, featuredIds());
    void prefetchImages(recommended.map((w) => w.image_url));
    return { featured, recommended };
  } catch {
    return { featured, recommended: [] };
  }
}
