import { readFile } from 'node:fs/promises';
import { getAddress } from 'viem';
import { z } from 'zod/mini';
import bundledList from '../tokenlists/default.json' with { type: 'json' };

/**
 * Token lists (the token-list JSON format of tokenlists.org, e.g. the Uniswap default list): the tokens
 * whose balances the API reads for every wallet, so a wallet's balances are right without any history
 * (spec §7 balance call). Each chain names its lists (`tokenLists` in `AIRLOCK_CHAINS`); only the entries
 * with that chain's id are used.
 */

/**
 * The source name of the bundled list (`apps/api/tokenlists/default.json`, built into the server): the main
 * stablecoins and wrapped tokens on Ethereum, Optimism, Polygon, Base and Arbitrum One.
 */
export const BUNDLED_TOKEN_LIST = 'default';

/** Most tokens read per chain (the first ones of the lists, in order); more would make one `eth_call` too heavy. */
export const MAX_LISTED_TOKENS = 1000;

/** How long a list that failed to load is not asked again (ms). */
const RETRY_AFTER_MS = 60_000;

/** How long fetching one list may take (ms). */
const FETCH_TIMEOUT_MS = 10_000;

/** Largest list accepted (bytes; the Uniswap default list is about 300 KB). */
const MAX_LIST_BYTES = 5_000_000;

/** One entry of a token list: `chainId` (EIP-155 number), `address`, `name`, `symbol`, `decimals`, optional `logoURI`. */
const TokenInfoSchema = z.object({
  chainId: z.int().check(z.gte(1)),
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  symbol: z.string().check(z.minLength(1)).check(z.maxLength(32)),
  decimals: z.int().check(z.gte(0)).check(z.lte(255)),
  logoURI: z.optional(z.string()),
});

/** A token list: `name` and `tokens` (the other fields of the format are not used). */
export const TokenListSchema = z.object({
  name: z.string(),
  tokens: z.array(TokenInfoSchema),
});

/** A listed token of one chain: checksummed `address`, `name`, `symbol`, `decimals` (> 0, spec §5). */
export type ListedToken = { address: `0x${string}`; name: string; symbol: string; decimals: number };

/** The token lists of the API: the tokens of one chain, loaded on first use. */
export type TokenLists = {
  /**
   * The tokens of `chainId` (EIP-155) in `sources` (URLs or file paths), deduplicated by address, tokens with
   * 0 decimals left out (spec §5), at most {@link MAX_LISTED_TOKENS}. A list that fails to load is logged and
   * counts as empty (asked again after a minute). Never throws.
   */
  tokensOf: (chainId: number, sources: readonly string[]) => Promise<ListedToken[]>;
};

/** Options of {@link createTokenLists}. */
export type TokenListsOptions = {
  log: (message: string) => void;
  /** Clock in ms (retry delay), default `Date.now`. */
  now?: () => number;
};

/** Reads and validates one list. @throws Error saying what failed. */
async function loadList(source: string): Promise<z.infer<typeof TokenListSchema>> {
  if (source === BUNDLED_TOKEN_LIST) return TokenListSchema.parse(bundledList);
  let text: string;
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    text = await response.text();
  } else {
    text = await readFile(source, 'utf8');
  }
  if (text.length > MAX_LIST_BYTES) throw new Error(`larger than ${MAX_LIST_BYTES} bytes`);
  return TokenListSchema.parse(JSON.parse(text));
}

/** Creates the token-list cache (each list is loaded once per process; lists are configuration, the same on every instance). */
export function createTokenLists(options: TokenListsOptions): TokenLists {
  const now = options.now ?? Date.now;
  const loaded = new Map<string, Promise<z.infer<typeof TokenListSchema> | undefined>>();
  const failedAt = new Map<string, number>();

  const list = (source: string) => {
    const failed = failedAt.get(source);
    if (failed !== undefined && now() - failed >= RETRY_AFTER_MS) {
      loaded.delete(source);
      failedAt.delete(source);
    }
    let pending = loaded.get(source);
    if (!pending) {
      pending = loadList(source).catch((error: unknown) => {
        failedAt.set(source, now());
        options.log(`[api] token list ${source} not loaded: ${(error as Error).message.split('\n')[0]}`);
        return undefined;
      });
      loaded.set(source, pending);
    }
    return pending;
  };

  return {
    tokensOf: async (chainId, sources) => {
      const lists = await Promise.all(sources.map(list));
      const byAddress = new Map<string, ListedToken>();
      for (const entry of lists.flatMap((l) => l?.tokens ?? [])) {
        if (entry.chainId !== chainId || entry.decimals === 0) continue;
        const address = getAddress(entry.address.toLowerCase());
        if (byAddress.has(address)) continue;
        if (byAddress.size >= MAX_LISTED_TOKENS) break;
        byAddress.set(address, { address, name: entry.name, symbol: entry.symbol, decimals: entry.decimals });
      }
      return [...byAddress.values()];
    },
  };
}
