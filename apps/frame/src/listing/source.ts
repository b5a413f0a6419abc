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
 * plus projectId, st (sdk type `airlock`) and sv (sdk version) (spec §7).
 * Answers that are not `{ data: [...], count }` are rejected.
 * @throws Error 'getWallets failed: HTTP <status>' or on a network error.
 */
export function apiGetWallets(apiUrl: string, projectId: string, sdkVersion = ''): GetWallets {
  return async (params) => {
    const url = new URL('getWallets', apiUrl.endsWith('/') ? apiUrl : apiUrl + '/');
    const query: Record<string, string | undefined> = {
      page: String(params.page),
      entries: String(params.entries),
      include: params.include?.join(','),
      exclude: params.exclude?.join(','),
      chains: params.chains?.join(','),
      search: params.search,
      badge_type: params.badge_type,
      projectId,
      st: 'airlock',
      sv: sdkVersion,
    };
    for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`getWallets failed: HTTP ${response.status}`);
    const body = (await response.json()) as { data?: unknown; count?: unknown };
    if (!Array.isArray(body.data) || typeof body.count !== 'number') throw new Error('getWallets failed: malformed answer');
    const data = body.data.filter(
      (w): w is WalletListing => !!w && typeof w === 'object' && typeof (w as WalletListing).id === 'string' && typeof (w as WalletListing).name === 'string',
    );
    return { data, count: body.count };
  };
}

/**
 * The source for a frame configuration: the provider API when `apiUrl` is
 * set, falling back to the bundled registry when the API fails (so the list
 * is never empty offline); the bundled registry otherwise.
 */
export function walletSource(config: { apiUrl?: string | undefined; projectId: string; sdkVersion?: string | undefined } | null): GetWallets {
  const local = localGetWallets();
  if (!config?.apiUrl) return local;
  const api = apiGetWallets(config.apiUrl, config.projectId, config.sdkVersion);
  return (params) => api(params).catch(() => local(params));
}
