import type { TokenBalance } from '../balances.ts';
import type { PriceSource } from '../prices.ts';
import type { Bip122Chain } from './config.ts';
import { esplora, type EsploraStats, formatSats } from './esplora.ts';

/** BTC: 8 decimals (1 BTC = 10^8 satoshis). */
export const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const;

/** A BTC balance in the eip155 shape plus what Bitcoin wallets show apart: the confirmed and the unconfirmed part. */
export type Bip122Balance = TokenBalance & {
  /** Confirmed balance, BTC (chain_stats funded − spent). */
  confirmed: string;
  /** The mempool's change to it, BTC (negative while an unconfirmed payment spends). */
  unconfirmed: string;
};

/**
 * The BTC balance of `address` on a Bitcoin network (`GET /address/:address` of its Esplora
 * API), in the spec §3 token-balance shape: one entry, no `address` (native), `quantity` the
 * confirmed balance plus the mempool's change (what the address can spend once the mempool
 * confirms), with `confirmed` and `unconfirmed` beside it.
 * @throws ApiError 502 when the backend fails.
 */
export async function getBip122Balances(
  deps: { chain: Bip122Chain; prices: PriceSource },
  address: string,
  currency: string,
  iconUrl: (symbol: string) => string,
): Promise<Bip122Balance[]> {
  const { chain, prices } = deps;
  const stats = await esplora<{ chain_stats: EsploraStats; mempool_stats: EsploraStats }>(
    chain,
    `/address/${encodeURIComponent(address)}`,
  );
  const net = (s: EsploraStats) => BigInt(s.funded_txo_sum) - BigInt(s.spent_txo_sum);
  const confirmed = net(stats.chain_stats);
  const unconfirmed = net(stats.mempool_stats);
  const numeric = formatSats(confirmed + unconfirmed);
  const price =
    (await prices.getPrice(
      { caipNetworkId: chain.caipNetworkId as never, address: null, symbol: BTC.symbol },
      currency,
    )) ?? 0;
  return [
    {
      name: BTC.name,
      symbol: BTC.symbol,
      chainId: chain.caipNetworkId as never,
      quantity: { decimals: String(BTC.decimals), numeric },
      price,
      value: Number(numeric) * price,
      iconUrl: iconUrl(BTC.symbol),
      confirmed: formatSats(confirmed),
      unconfirmed: formatSats(unconfirmed),
    },
  ];
}
