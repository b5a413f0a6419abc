import { and, eq, or, sql } from 'drizzle-orm';
import { erc20Abi, formatUnits } from 'viem';
import { formatCaipAddress, toChecksumAddress, type CaipAddress, type CaipNetworkId } from '@airlock/protocol';
import type { Chain } from './chains.ts';
import type { Db } from './db/client.ts';
import { tokens, transfers } from './db/schema.ts';
import type { PriceSource } from './prices.ts';

/**
 * A token balance (spec §3 'Token balance'): `name`, `symbol`, `chainId`
 * (CAIP-2), `address` (CAIP-10 of the token contract; absent for the native
 * currency), `value` (quantity × price, in the requested currency), `price`
 * (per whole token, 0 when unknown), `quantity` (`decimals` as a decimal
 * string, `numeric` the amount in whole tokens as a decimal string, e.g.
 * '10000' or '1.5'), `iconUrl`.
 */
export type TokenBalance = {
  name: string;
  symbol: string;
  chainId: CaipNetworkId;
  address?: CaipAddress;
  value: number;
  price: number;
  quantity: { decimals: string; numeric: string };
  iconUrl: string;
};

/**
 * Balances of `address` on `chain`, native first then tokens by symbol.
 *
 * How: the native balance is `eth_getBalance` at the
 * latest block (exact, includes gas spent and genesis funds). The token set is
 * every ERC-20 the indexer has seen `address` send or receive on that chain;
 * each is read live with `balanceOf`, so the amounts are exact even when the
 * indexer lags. Zero token balances are left out; the native entry is always
 * present. Tokens with 0 decimals are filtered (spec §5).
 * @throws the viem error when the chain's RPC fails.
 */
export async function getBalances(
  deps: { db: Db; chain: Chain; prices: PriceSource },
  address: string,
  currency: string,
  iconUrl: (symbol: string) => string,
): Promise<TokenBalance[]> {
  const { db, chain, prices } = deps;
  const account = toChecksumAddress(address);
  const lower = account.toLowerCase();
  const priced = async (
    entry: Omit<TokenBalance, 'value' | 'price'>,
    contract: string | null,
  ): Promise<TokenBalance> => {
    const price =
      (await prices.getPrice(
        { caipNetworkId: chain.caipNetworkId, address: contract, symbol: entry.symbol },
        currency,
      )) ?? 0;
    const value = Number(entry.quantity.numeric) * price;
    return { ...entry, price, value };
  };

  const nativeRaw = await chain.client.getBalance({ address: account });
  const { nativeCurrency } = chain;
  const result: TokenBalance[] = [
    await priced(
      {
        name: nativeCurrency.name,
        symbol: nativeCurrency.symbol,
        chainId: chain.caipNetworkId,
        quantity: {
          decimals: String(nativeCurrency.decimals),
          numeric: formatUnits(nativeRaw, nativeCurrency.decimals),
        },
        iconUrl: iconUrl(nativeCurrency.symbol),
      },
      null,
    ),
  ];

  const seen = await db
    .selectDistinct({ address: tokens.address, name: tokens.name, symbol: tokens.symbol, decimals: tokens.decimals })
    .from(transfers)
    .innerJoin(
      tokens,
      and(eq(tokens.caipNetworkId, transfers.caipNetworkId), eq(tokens.address, transfers.tokenAddress)),
    )
    .where(
      and(
        eq(transfers.caipNetworkId, chain.caipNetworkId),
        eq(transfers.kind, 'erc20'),
        or(eq(transfers.fromAddress, lower), eq(transfers.toAddress, lower)),
        sql`${tokens.decimals} > 0`,
      ),
    );
  const rows = await Promise.all(
    seen.map(async (t) => ({
      t,
      raw: await chain.client.readContract({
        address: t.address as `0x${string}`,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account],
      }),
    })),
  );
  rows.sort((a, b) => a.t.symbol.localeCompare(b.t.symbol));
  for (const { t, raw } of rows) {
    if (raw === 0n) continue;
    result.push(
      await priced(
        {
          name: t.name,
          symbol: t.symbol,
          chainId: chain.caipNetworkId,
          address: formatCaipAddress(chain.caipNetworkId, toChecksumAddress(t.address)),
          quantity: { decimals: String(t.decimals), numeric: formatUnits(raw, t.decimals) },
          iconUrl: iconUrl(t.symbol),
        },
        t.address,
      ),
    );
  }
  return result;
}
