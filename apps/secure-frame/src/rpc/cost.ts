import { formatEther } from 'viem';

/**
 * The cost lines of a transaction approval: what the visitor may pay at most, in the native
 * unit (computed by rpc/evmSend.ts before the screen, and signed exactly so).
 */
export type CostDetails = {
  /** Network fee at most: gas × max fee per gas, e.g. "0.000042 ETH". */
  maxFee: string;
  /** Total at most: gas × max fee per gas + value, e.g. "0.010042 ETH". */
  maxCost: string;
  /** Shown beside the cost when the fee (and the facts on screen) come from the page's RPC. */
  notice?: string;
};

/** The cost lines from wei amounts (`maxFee`, `maxCost`) and the native currency's symbol. Pure. */
export function describeCost(
  { maxFee, maxCost }: { maxFee: bigint; maxCost: bigint },
  nativeSymbol: string,
  notice?: string,
): CostDetails {
  return {
    maxFee: `${formatEther(maxFee)} ${nativeSymbol}`,
    maxCost: `${formatEther(maxCost)} ${nativeSymbol}`,
    ...(notice ? { notice } : {}),
  };
}
