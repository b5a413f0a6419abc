import { GetWalletsResponseSchema } from '@airlock/protocol';
import { BUNDLED_WALLETS } from './bundled.ts';
import type { GetWallets, GetWalletsParams, GetWalletsResult, WalletListing } from './types.ts';

/**
 * Wallet listing sources (spec §7 `/getWallets`): the provider API when a
 * base URL is configured, else the bundled registry.
 */

/** True when `wallet` supports one of `chains` (CAIP-2 ids or bare namespaces); no filter when `chains` is empty. */
function supports(wallet: WalletListing, chains: readonly string[] | undefined): boolean {
  if (!chains?.length || !wallet.chains?.length) return true;
  return chains.some((chain) => {
    const namespace = chain.split(':')[0]!;
    return wallet.chains!.some((c) => c === chain || c === namespace);
  });
}

/**
 * `getWallets` over an in-memory list (the bundled registry by default):
 * filters by include, exclude, chains, badge_type and a case-insensitive name
 * search, then returns page `page` (1-based) of `entries` and the total
 * count. Pure apart from the returned promise.
 */
export function localGetWallets(wallets: readonly WalletListing[] = BUNDLED_WALLETS): GetWallets {
  return async (params: GetWalletsParams): Promise<GetWalletsResult> => {
    const search = params.search?.trim().toLowerCase();
    const matching = wallets.filter(
      (w) =>
        (!params.include?.length || params.include.includes(w.id)) &&
        !params.exclude?.includes(w.id) &&
        supports(w, params.chains) &&
        (!params.badge_type || (w.badge_type ?? 'none') === params.badge_type) &&
        (!search || w.name.toLowerCase().includes(search)),
    );
    const start = (Math.max(1, params.page) - 1) * params.entries;
    return { data: matching.slice(start, start + params.entries), count: matching.length };
  };
}

/**
 * `getWallets` against the provider API: `GET {apiUrl}/getWallets?page&entries&include&exclude&chains&search&badge_type`
 * plus projectId, st (sdk type `airlock`) and sv (spec §7). The answer is validated
 * with protocol `GetWalletsResponseSchema`; each entry's `image_url` is derived from its
 * `image_id` (`GET {apiUrl}/getWalletImage/{image_id}`).
 * @throws Error 'getWallets failed: HTTP <status>', on a network error, or on a malformed answer.
 */
export function apiGetWallets(apiUrl: string, projectId: string, sdkVersion = ''): GetWallets {
  const base = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  const identity = (url: URL) => {
    url.searchParams.set('projectId', projectId);
    url.searchParams.set('st', 'airlock');
    if (sdkVersion) url.searchParams.set('sv', sdkVersion);
    return url;
  };
  return async (params) => {
    const url = identity(new URL('getWallets', base));
    const query: Record<string, string | undefined> = {
      page: String(params.page),
      entries: String(params.entries),
      include: params.include?.join(','),
      exclude: params.exclude?.join(','),
      chains: params.chains?.join(','),
      search: params.search,
      badge_type: params.badge_type,
    };
    for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`getWallets failed: HTTP ${response.status}`);
    const parsed = GetWalletsResponseSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error('getWallets failed: malformed answer');
    const data = parsed.data.data.map((w) =>
      w.image_url || !w.image_id
        ? w
        : { ...w, image_url: identity(new URL(`getWalletImage/${encodeURIComponent(w.image_id)}`, base)).toString() },
    );
    return { data, count: parsed.data.count };
  };
}

/**
 * The source for a deployment's API: the provider API when `apiUrl` is set, falling
 * back to the bundled registry when the API fails (so the list is never empty
 * offline); the bundled registry otherwise.
 */
export function walletSource(apiUrl: string | null, projectId: string, sdkVersion?: string): GetWallets {
  const local = localGetWallets();
  if (!apiUrl) return local;
  const api = apiGetWallets(apiUrl, projectId, sdkVersion);
  return (params) => api(params).catch(() => local(params));
}
