import { formatUnits } from 'viem';

/** A network's native currency as amounts are shown: its symbol and decimals (e.g. `{ symbol: 'ETH', decimals: 18 }`). */
export type NativeCurrency = { symbol: string; decimals: number };

/**
 * Where the native currency of an approval comes from: the secure frame's deployment
 * (`nativeCurrencies`, trusted), the page's network settings (`app`, named on the screen), or
 * nowhere (`unknown`: amounts in the smallest unit, wei, named on the screen).
 */
export type NativeCurrencySource = 'trusted' | 'app' | 'unknown';

/** The native currency of one request and whose it is. */
export type ChosenNativeCurrency = NativeCurrency & { source: NativeCurrencySource };

/** The notice an approval shows when the currency's symbol comes from the page's network settings. */
export const APP_CURRENCY_NOTICE = 'Currency name given by the app, not verified';
/** The notice an approval shows when nobody gave the currency: amounts are in wei. */
export const UNKNOWN_CURRENCY_NOTICE = 'Currency of this network unknown: amounts in wei (its smallest unit)';

/** The smallest unit, for a network whose currency nobody gave. */
const WEI: NativeCurrency = { symbol: 'wei', decimals: 0 };

/**
 * Picks the native currency of `caipNetworkId` (CAIP-2): the deployment's own entry when it has
 * one, else what the page's network list says, else wei. Never assumes ETH. Pure.
 */
export function chooseNativeCurrency(
  trusted: Readonly<Record<string, NativeCurrency>>,
  caipNetworkId: string,
  page: NativeCurrency | undefined,
): ChosenNativeCurrency {
  const own = Object.hasOwn(trusted, caipNetworkId) ? trusted[caipNetworkId] : undefined;
  if (own) return { ...own, source: 'trusted' };
  if (page) return { symbol: page.symbol, decimals: page.decimals, source: 'app' };
  return { ...WEI, source: 'unknown' };
}

/** The notice of a chosen currency: none when the deployment gave it. */
export function currencyNotice(currency: ChosenNativeCurrency): string | undefined {
  return currency.source === 'app'
    ? APP_CURRENCY_NOTICE
    : currency.source === 'unknown'
      ? UNKNOWN_CURRENCY_NOTICE
      : undefined;
}

/** A base-unit amount (wei) in the currency's unit with its symbol, e.g. `1500000000000000000n` → "1.5 ETH". Pure. */
export function formatNative(amount: bigint, currency: NativeCurrency): string {
  return `${formatUnits(amount, currency.decimals)} ${currency.symbol}`;
}
