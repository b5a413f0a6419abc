import type { HistoryPage } from '../history.ts';
import { ApiError } from '../http/errors.ts';

/** What a history provider is asked: the account (`address`, 0x…), the page position and size, and how to price and link icons. */
export type HistoryQuery = {
  address: string;
  /** A cursor this provider issued (`next` of the previous page), or undefined for the newest page. */
  cursor?: string;
  pageSize: number;
  /** Fiat currency of `price` / `value` (lowercase ISO 4217). */
  currency: string;
  iconUrl: (symbol: string) => string;
};

/**
 * A source of one chain's account history (spec §7 history call), newest first, `pageSize` items per page,
 * in the spec §3 item shape (`HistoryItem`). The API's own indexer serves the chains without a provider.
 */
export type HistoryProvider = {
  /**
   * One page of the account's history.
   * @throws ApiError 400 'cursor: Invalid input' for a cursor it did not issue; any other error when the source
   * fails (the route then answers an empty page with the cursor cleared, spec §4, and logs why).
   */
  page: (query: HistoryQuery) => Promise<HistoryPage>;
};

/** Tag of provider cursors, so they never pass for the indexer's (and the other way round). */
const TAG = 'block';

/** A provider cursor: the highest block (inclusive) of the next page, opaque base64url. */
export function encodeProviderCursor(endBlock: number): string {
  return Buffer.from(JSON.stringify([TAG, endBlock])).toString('base64url');
}

/** The block of a provider cursor. @throws ApiError 400 'cursor: Invalid input' when it is not one. */
export function decodeProviderCursor(cursor: string): number {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value[0] === TAG &&
      Number.isSafeInteger(value[1]) &&
      value[1] >= 0
    )
      return value[1] as number;
  } catch {
    // fall through
  }
  throw new ApiError(400, 'cursor: Invalid input');
}
