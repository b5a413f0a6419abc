import { useOptionsStore } from '../stores/options.ts';
import { prefetchImages } from './images.ts';
import { RECOMMENDED_COUNT, recommendedWallets } from './paging.ts';
import { walletSource } from './source.ts';
import type { GetWallets, WalletListing } from './types.ts';

/**
 * Entry points of the listing module for the views (lazy-loaded with the
 * AllWallets chunk, so the bundled registry is not in the initial JS).
 */

/** The `getWallets` source for the current FrameConfig (provider API or bundled registry). */
export function currentSource(): GetWallets {
  const config = useOptionsStore.getState().config;
  return walletSource(config ? { apiUrl: config.apiUrl, projectId: config.projectId, sdkVersion: config.sdkVersion } : null);
}

/** The CAIP-2 ids of the configured networks (the `chains` filter of `getWallets`). */
export function configuredChains(): string[] {
  return (useOptionsStore.getState().config?.networks ?? []).map((n) => n.caipNetworkId);
}

/**
 * The Connect view's recommended wallets (spec §1, §9: 4): page 1 of the
 * source minus page wallets (rdns) and recent ones, images prefetched.
 * Resolves [] when the source fails.
 */
export async function loadRecommended(installedRdns: string[], recent: string[]): Promise<WalletListing[]> {
  try {
    const { data } = await currentSource()({ page: 1, entries: RECOMMENDED_COUNT + 8, chains: configuredChains() });
    const picked = recommendedWallets(data, installedRdns, recent);
    void prefetchImages(picked.map((w) => w.image_url));
    return picked;
  } catch {
    return [];
  }
}
