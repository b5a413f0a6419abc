import {
  BalanceResponseSchema,
  HistoryResponseSchema,
  type HistoryItem as ProtocolHistoryItem,
  type HistoryTransfer as ProtocolHistoryTransfer,
  type TokenBalance as ProtocolTokenBalance,
} from '@airlock/protocol';
import type { ApiClient } from './client.ts';
import { BALANCE_CACHE_MS, BALANCE_RETRY_GUARD_MS, IDENTITY_CACHE_MS, createTtlCache } from './cache.ts';

/** A token balance (spec §3), as protocol `TokenBalanceSchema` validates it. */
export type TokenBalance = ProtocolTokenBalance;
/** One transfer of a history item (spec §3). */
export type HistoryTransfer = ProtocolHistoryTransfer;
/** A transaction history item (spec §3). */
export type HistoryItem = ProtocolHistoryItem;
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

/**
 * Creates the spec §9 caches of one frame: the portfolio (token balances) and the native balance 30 s
 * per chain and address, identity 5 min, balance retry guard 30 s. `nativeBalances` is keyed by the
 * CAIP-10 account (`<caipNetworkId>:<address>`) and holds the balance in whole units as a decimal string.
 */
export function createBlockchainCaches(now: () => number = () => Date.now()) {
  return {
    balances: createTtlCache<TokenBalance[]>(BALANCE_CACHE_MS, now),
    nativeBalances: createTtlCache<string>(BALANCE_CACHE_MS, now),
    balanceFailures: createTtlCache<true>(BALANCE_RETRY_GUARD_MS, now),
    identity: createTtlCache<Identity>(IDENTITY_CACHE_MS, now),
  };
}

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
  caches: BlockchainCaches,
  options: { force?: boolean } = {},
): Promise<TokenBalance[]> {
  const store = caches;
  const key = `${caipNetworkId}:${address.toLowerCase()}`;
  if (!options.force) {
    const hit = store.balances.get(key);
    if (hit) return hit;
  }
  if (store.balanceFailures.get(key)) throw new BalanceUnavailableError();
  try {
    const body = await client.call({
      schema: BalanceResponseSchema,
      path: `/v1/account/${address}/balance`,
      query: { currency: 'usd', chainId: caipNetworkId, forceUpdate: options.force ? 'true' : undefined },
    });
    const balances = body.balances.filter((b) => Number(b.quantity?.decimals) > 0);
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
export async function fetchHistory(
  client: ApiClient,
  caipNetworkId: string,
  address: string,
  cursor?: string,
): Promise<HistoryPage> {
  const body = await client.call({
    schema: HistoryResponseSchema,
    path: `/v1/account/${address}/history`,
    query: { chainId: caipNetworkId, cursor },
  });
  return { data: body.data, next: body.next ? body.next : null };
}
