import { formatUnits } from 'viem';
import type { TokenBalance } from '../balances.ts';
import { backendJson } from '../namespaceBalances.ts';
import type { PriceSource } from '../prices.ts';
import type { CosmosChain } from './config.ts';

/** A Cosmos balance in the spec §3 token-balance shape plus its bank `denom` (the native one has no `address`). */
export type CosmosBalance = TokenBalance & { denom: string };

/**
 * The balances of `address` on a Cosmos network, from its LCD (`GET
 * /cosmos/bank/v1beta1/balances/{address}`, one page of up to 200 denoms): the native token
 * always (0 when the account holds none), then each configured denom the account holds. Denoms the
 * operator did not configure are left out (their decimals and names are unknown here).
 * @throws ApiError 502 when the LCD fails.
 */
export async function getCosmosBalances(
  deps: { chain: CosmosChain; prices: PriceSource },
  address: string,
  currency: string,
  iconUrl: (symbol: string) => string,
): Promise<CosmosBalance[]> {
  const { chain, prices } = deps;
  const { balances } = await backendJson<{ balances?: { denom: string; amount: string }[] }>(
    'Cosmos',
    `${chain.lcdUrl}/cosmos/bank/v1beta1/balances/${encodeURIComponent(address)}?pagination.limit=200`,
  );
  const held = new Map((Array.isArray(balances) ? balances : []).map((b) => [b.denom, b.amount]));
  const out: CosmosBalance[] = [];
  for (const [i, d] of chain.denoms.entries()) {
    const raw = held.get(d.denom);
    if (i > 0 && raw === undefined) continue;
    const amount = /^\d{1,78}$/.test(raw ?? '') ? BigInt(raw!) : 0n;
    const numeric = formatUnits(amount, d.decimals);
    const price =
      (await prices.getPrice(
        {
          caipNetworkId: chain.caipNetworkId as never,
          address: i === 0 ? null : (`${chain.caipNetworkId}:${d.denom}` as never),
          symbol: d.symbol,
        },
        currency,
      )) ?? 0;
    out.push({
      name: d.name,
      symbol: d.symbol,
      chainId: chain.caipNetworkId as never,
      ...(i === 0 ? {} : { address: `${chain.caipNetworkId}:${d.denom}` as never }),
      quantity: { decimals: String(d.decimals), numeric },
      price,
      value: Number(numeric) * price,
      iconUrl: iconUrl(d.symbol),
      denom: d.denom,
    });
  }
  return out;
}
