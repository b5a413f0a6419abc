import type { PublicClient } from 'viem';

/** Gas prices in wei (spec §7 `/v1/convert/gas-price`): what to pay per gas for inclusion soon, faster, at once. */
export type GasPrices = { standard: bigint; fast: bigint; instant: bigint };

/** Blocks of fee history read (`eth_feeHistory` blockCount). */
const HISTORY_BLOCKS = 10;
/** Priority-fee percentiles of each block's transactions for standard, fast and instant. */
const PERCENTILES = [25, 50, 90];

/**
 * Gas prices from the chain's fee history (EIP-1559): the next block's base
 * fee (the last `baseFeePerGas` entry of `eth_feeHistory`) plus the mean of the
 * 25th / 50th / 90th percentile priority fees paid over the last 10 blocks;
 * fast covers one full base-fee rise (+12.5 %), instant two. A chain without
 * fee history (pre-London) falls back to `eth_gasPrice` (+20 %, +50 %).
 * Always standard ≤ fast ≤ instant.
 * @throws the RPC error when the chain answers neither call.
 */
export async function gasPricesFromFeeHistory(client: PublicClient): Promise<GasPrices> {
  let history: Awaited<ReturnType<PublicClient['getFeeHistory']>> | undefined;
  try {
    history = await client.getFeeHistory({
      blockCount: HISTORY_BLOCKS,
      rewardPercentiles: PERCENTILES,
      blockTag: 'latest',
    });
  } catch {
    history = undefined;
  }
  const nextBase = history?.baseFeePerGas.at(-1);
  if (!history || nextBase === undefined || nextBase === 0n) {
    const gasPrice = await client.getGasPrice();
    return { standard: gasPrice, fast: (gasPrice * 12n) / 10n, instant: (gasPrice * 15n) / 10n };
  }
  const rewards = history.reward ?? [];
  const tip = (column: number) =>
    rewards.length ? rewards.reduce((sum, row) => sum + (row[column] ?? 0n), 0n) / BigInt(rewards.length) : 0n;
  const [low, mid, high] = [tip(0), tip(1), tip(2)];
  const standard = nextBase + low;
  // The larger of two bigints (Math.max takes numbers only, so biome's useMathMinMax does not apply).
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  const fast = (nextBase * 1125n) / 1000n + max(mid, low);
  const instant = (nextBase * 1265625n) / 1000000n + max(high, max(mid, low));
  return { standard, fast: max(fast, standard), instant: max(instant, fast) };
}
