/**
 * Pluggable price source. Prices are in the requested fiat currency
 * per whole token (not per wei / base unit).
 */

/** What to price: the token's chain (CAIP-2), contract (lowercase, null for the native currency) and symbol. */
export type PriceQuery = { caipNetworkId: string; address: string | null; symbol: string };

/**
 * A price source. `label` names it in logs and in the `x-airlock-price-source`
 * response header, so nobody mistakes dev prices for market data.
 */
export type PriceSource = {
  /** e.g. `dev-fixed-table` (not market data). */
  label: string;
  /**
   * Price of one whole token in `currency` (lowercase ISO code, e.g. `usd`),
   * or undefined when unknown. Must not throw for unknown tokens.
   */
  getPrice: (query: PriceQuery, currency: string) => Promise<number | undefined>;
};

/**
 * The dev fixed table, by symbol, in USD per whole token. Covers the native
 * currency of the anvil chains (ETH), of the dev Solana cluster (SOL) and the dev test tokens.
 * NOT market data.
 */
export const DEV_PRICES_USD: Readonly<Record<string, number>> = {
  ETH: 3000,
  WETH: 3000,
  USDC: 1,
  USDT: 1,
  DAI: 1,
  DEV: 2.5,
  TST: 0.5,
  /** The dev dollar token of the dev exchange and the onramp sandbox (scripts/dex.mjs). */
  USDD: 1,
  SOL: 150,
};

/**
 * The dev price source: {@link DEV_PRICES_USD} for `usd`, nothing for other
 * currencies. Labelled `dev-fixed-table`.
 */
export function createDevPriceSource(table: Readonly<Record<string, number>> = DEV_PRICES_USD): PriceSource {
  return {
    label: 'dev-fixed-table',
    getPrice: async (query, currency) => (currency === 'usd' ? table[query.symbol.toUpperCase()] : undefined),
  };
}
