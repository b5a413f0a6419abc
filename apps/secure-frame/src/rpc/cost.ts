import { formatUnits } from 'viem';
import { formatNative, type NativeCurrency } from './nativeCurrency.ts';

/**
 * The cost lines of a transaction approval: what the visitor may pay at most, in the native
 * unit (computed by rpc/evmSend.ts before the screen, and signed exactly so), and in US dollars
 * where the API prices that currency (informative only: the native amount is the binding one).
 */
export type CostDetails = {
  /** Network fee at most: gas × max fee per gas, e.g. "0.000042 ETH". */
  maxFee: string;
  /** Total at most: gas × max fee per gas + value, e.g. "0.010042 ETH". */
  maxCost: string;
  /** `maxFee` in US dollars, e.g. "≈ $0.13"; absent when unpriced. */
  maxFeeUsd?: string;
  /** `maxCost` in US dollars, e.g. "≈ $30.13"; absent when unpriced. */
  maxCostUsd?: string;
  /** Shown beside the cost when the fee (and the facts on screen) come from the page's RPC. */
  notice?: string;
  /** Shown beside the cost when the currency's name does not come from the deployment (rpc/nativeCurrency.ts). */
  currencyNotice?: string;
  /**
   * Who pays the network fee of a smart account's user operation (smart/userOperation.ts): the account, or
   * the operator's gas sponsor (then `maxCost` holds the value only). Absent for a plain transaction.
   */
  feePayer?: string;
};

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * A base-unit amount of `currency` at `usdPerCoin` (US dollars per whole coin) as "≈ $1,234.56",
 * "< $0.01" when it rounds to nothing but is not zero. Pure.
 */
export function formatUsd(amount: bigint, currency: NativeCurrency, usdPerCoin: number): string {
  const dollars = Number(formatUnits(amount, currency.decimals)) * usdPerCoin;
  return dollars > 0 && dollars < 0.005 ? '< $0.01' : `≈ ${usd.format(dollars)}`;
}

/**
 * The cost lines from wei amounts (`maxFee`, `maxCost`) and the native currency; with
 * `usdPerCoin` (a finite price ≥ 0) also in US dollars. Pure.
 */
export function describeCost(
  { maxFee, maxCost }: { maxFee: bigint; maxCost: bigint },
  native: NativeCurrency,
  { notice, currencyNotice, usdPerCoin }: { notice?: string; currencyNotice?: string; usdPerCoin?: number } = {},
): CostDetails {
  const priced = usdPerCoin !== undefined && Number.isFinite(usdPerCoin) && usdPerCoin >= 0;
  return {
    maxFee: formatNative(maxFee, native),
    maxCost: formatNative(maxCost, native),
    ...(priced
      ? { maxFeeUsd: formatUsd(maxFee, native, usdPerCoin), maxCostUsd: formatUsd(maxCost, native, usdPerCoin) }
      : {}),
    ...(notice ? { notice } : {}),
    ...(currencyNotice ? { currencyNotice } : {}),
  };
}
