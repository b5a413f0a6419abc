import { formatCaipAddress } from '@airlock/protocol';
import type { TokenBalance } from '../balances.ts';
import type { PriceSource } from '../prices.ts';
import type { SolanaChain } from './config.ts';
import { formatUnits, solanaRpc, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from './rpc.ts';

/** SOL: 9 decimals (1 SOL = 10^9 lamports). */
export const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const;

/** A parsed SPL token account as `getTokenAccountsByOwner` (`jsonParsed`) returns it. */
type ParsedTokenAccount = {
  account: { data: { parsed?: { info?: { mint?: string; tokenAmount?: { amount?: string; decimals?: number } } } } };
};

/** Symbol and name of `mint` from the chain's token list, else its first 4 characters. */
export function tokenMeta(chain: SolanaChain, mint: string): { symbol: string; name: string } {
  const known = chain.tokens.find((t) => t.mint === mint);
  return known ?? { symbol: mint.slice(0, 4), name: `Token ${mint.slice(0, 4)}…${mint.slice(-4)}` };
}

/**
 * Balances of `owner` on a Solana chain in the eip155 shape (spec §3 'Token balance'): SOL first
 * (`getBalance`, no `address`), then every SPL Token / Token-2022 account it owns with a non-zero
 * amount (`getTokenAccountsByOwner`, jsonParsed), summed per mint, by symbol; `address` is the
 * mint's CAIP-10 id, `quantity.decimals` the mint's decimals. Tokens with 0 decimals are left out
 * (spec §5), as for eip155.
 * @throws Error when the chain's RPC fails.
 */
export async function getSolanaBalances(
  deps: { chain: SolanaChain; prices: PriceSource },
  owner: string,
  currency: string,
  iconUrl: (symbol: string) => string,
): Promise<TokenBalance[]> {
  const { chain, prices } = deps;
  const priced = async (entry: Omit<TokenBalance, 'value' | 'price'>, mint: string | null): Promise<TokenBalance> => {
    const price =
      (await prices.getPrice({ caipNetworkId: chain.caipNetworkId, address: mint, symbol: entry.symbol }, currency)) ??
      0;
    return { ...entry, price, value: Number(entry.quantity.numeric) * price };
  };
  const [lamports, ...programs] = await Promise.all([
    solanaRpc<{ value: number }>(chain, 'getBalance', [owner, { commitment: 'confirmed' }]),
    ...[TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].map((programId) =>
      solanaRpc<{ value: ParsedTokenAccount[] }>(chain, 'getTokenAccountsByOwner', [
        owner,
        { programId },
        { encoding: 'jsonParsed', commitment: 'confirmed' },
      ]),
    ),
  ]);
  const native = await priced(
    {
      name: SOL.name,
      symbol: SOL.symbol,
      chainId: chain.caipNetworkId,
      quantity: { decimals: String(SOL.decimals), numeric: formatUnits(BigInt(lamports!.value), SOL.decimals) },
      iconUrl: iconUrl(SOL.symbol),
    },
    null,
  );
  const perMint = new Map<string, { amount: bigint; decimals: number }>();
  for (const { account } of programs.flatMap((p) => (p as { value: ParsedTokenAccount[] }).value)) {
    const info = account.data.parsed?.info;
    const mint = info?.mint;
    const amount = info?.tokenAmount?.amount;
    const decimals = info?.tokenAmount?.decimals;
    if (!mint || amount === undefined || decimals === undefined || !/^\d+$/.test(amount)) continue;
    const sum = perMint.get(mint);
    perMint.set(mint, { amount: (sum?.amount ?? 0n) + BigInt(amount), decimals });
  }
  const tokens: TokenBalance[] = [];
  for (const [mint, { amount, decimals }] of perMint) {
    if (amount === 0n || decimals === 0) continue;
    const meta = tokenMeta(chain, mint);
    tokens.push(
      await priced(
        {
          name: meta.name,
          symbol: meta.symbol,
          chainId: chain.caipNetworkId,
          address: formatCaipAddress(chain.caipNetworkId, mint),
          quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
          iconUrl: iconUrl(meta.symbol),
        },
        mint,
      ),
    );
  }
  tokens.sort((a, b) => a.symbol.localeCompare(b.symbol));
  return [native, ...tokens];
}
