import type { ApiClient } from './client.ts';
import { BALANCE_CACHE_MS, BALANCE_RETRY_GUARD_MS, IDENTITY_CACHE_MS, createTtlCache } from './cache.ts';

/**
 * A token balance (spec §3 'Token balance'; apps/api README): `chainId`
 * CAIP-2, `address` the token's CAIP-10 id (absent for the native currency),
 * `quantity.decimals` a decimal string (`"18"`), `quantity.numeric` the amount
 * in whole tokens (`"10001.5"`), `price` per whole token and `value` in USD.
 */
export type TokenBalance = {
  name: string;
  symbol: string;
  chainId: string;
  address?: string;
  value: number;
  price: number;
  quantity: { decimals: string; numeric: string };
  iconUrl?: string;
};

/** One transfer of a history item (spec §3 'Transaction history item'). */
export type HistoryTransfer = {
  fungible_info?: { name?: string; symbol?: string; icon?: { url?: string } | null };
  nft_info?: {
    name?: string;
    content?: { preview?: { url?: string; content_type?: string } };
    flags?: { is_spam?: boolean };
  };
  direction?: 'in' | 'out' | 'self';
  quantity?: { numeric?: string };
  value?: number;
  price?: number;
};

/** A transaction history item (spec §3): id, metadata (minedAt ISO 8601, chain CAIP-2, …), transfers. */
export type HistoryItem = {
  id: string;
  metadata: {
    operationType: string;
    hash: string;
    minedAt: string;
    sentFrom: string;
    sentTo: string;
    status: string;
    nonce?: number;
    chain: string;
  };
  transfers: HistoryTransfer[];
};

/** A page of history: `data` newest first and the opaque `next` cursor (null at the end). */
export type HistoryPage = { data: HistoryItem[]; next: string | null };

/** An identity (spec §7 GET /v1/identity): name and avatar URL, null when none. */
export type Identity = { name: string | null; avatar: string | null };

/** Thrown by {@link fetchTokenBalances} while the 30 s retry guard blocks a new fetch (spec §8). */
export class BalanceUnavailableError extends Error {
  constructor(message = 'Token Balance Unavailable') {
    super(message);
    this.name = 'BalanceUnavailableError';
  }
}

/** Caches and guards of one frame (spec §9), with an injectable clock. */
export type BlockchainCaches = ReturnType<typeof createBlockchainCaches>;

/** Creates the spec §9 caches: balances 30 s per chain and address, identity 5 min, balance retry guard 30 s. */
export function createBlockchainCaches(now: () => number = () => Date.now()) {
  return {
    balances: createTtlCache<TokenBalance[]>(BALANCE_CACHE_MS, now),
    balanceFailures: createTtlCache<true>(BALANCE_RETRY_GUARD_MS, now),
    identity: createTtlCache<Identity>(IDENTITY_CACHE_MS, now),
  };
}

/** The frame's caches (module-wide; tests make their own with a fake clock). */
export const caches: BlockchainCaches = createBlockchainCaches();

/**
 * Token balances of `address` on `caipNetworkId` (GET /v1/account/{address}/balance,
 * currency usd), tokens with 0 decimals removed (spec §5). Served from the 30 s
 * cache unless `force` (which also sends `forceUpdate`).
 * @throws BalanceUnavailableError within 30 s of a failed fetch for the same chain and address (no request made)
 * @throws ApiError when the call fails (starts the 30 s guard)
 */
export async function fetchTokenBalances(
  client: ApiClient,
  caipNetworkId: string,
  address: string,
  options: { force?: boolean; caches?: BlockchainCaches } = {},
): Promise<TokenBalance[]> {
  const store = options.caches ?? caches;
  const key = `${caipNetworkId}:${address.toLowerCase()}`;
  if (!options.force) {
    const hit = store.balances.get(key);
    if (hit) return hit;
  }
  if (store.balanceFailures.get(key)) throw new BalanceUnavailableError();
  try {
    const body = await client.call<{ balances?: TokenBalance[] }>({
      path: `/v1/account/${address}/balance`,
      query: { currency: 'usd', chainId: caipNetworkId, forceUpdate: options.force ? 'true' : undefined },
    });
    const balances = (body.balances ?? []).filter((b) => Number(b.quantity?.decimals) > 0);
    store.balances.set(key, balances);
    return balances;
  } catch (error) {
    store.balanceFailures.set(key, true);
    throw error;
  }
}

/**
 * One page of `address`'s history on `caipNetworkId` (GET /v1/account/{address}/history).
 * @param cursor the previous page's `next`, undefined for the first page
 * @throws ApiError when the call fails
 */
export async function fetchHistory(client: ApiClient, caipNetworkId: string, address: string, cursor?: string): Promise<HistoryPage> {
  const body = await client.call<Partial<HistoryPage>>({
    path: `/v1/account/${address}/history`,
    query: { chainId: caipNetworkId, cursor },
  });
  return { data: Array.isArray(body.data) ? body.data : [], next: typeof body.next === 'string' && body.next ? body.next : null };
}

/**
 * The identity of `address` (GET /v1/identity/{address}), cached 5 min (spec §9).
 * @throws ApiError when the call fails
 */
export async function fetchIdentity(client: ApiClient, address: string, store: BlockchainCaches = caches): Promise<Identity> {
  const key = address.toLowerCase();
  const hit = store.identity.get(key);
  if (hit) return hit;
  const body = await client.call<Partial<Identity>>({ path: `/v1/identity/${address}` });
  const identity = { name: body.name ?? null, avatar: body.avatar ?? null };
  store.identity.set(key, identity);
  return identity;
}
