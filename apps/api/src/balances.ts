import { and, eq, or, sql } from 'drizzle-orm';
import { erc20Abi, formatUnits, parseAbi, type ContractFunctionParameters } from 'viem';
import { formatCaipAddress, toChecksumAddress, type CaipAddress, type CaipNetworkId } from '@airlock/protocol';
import type { Chain } from './chains.ts';
import type { Db } from './db/client.ts';
import { tokens, transfers } from './db/schema.ts';
import { placeholderSvg, putImageIfMissing } from './images.ts';
import type { PriceSource } from './prices.ts';
import { BUNDLED_TOKEN_LIST, type ListedToken, type TokenLists } from './tokenLists.ts';

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

/** Multicall3's native-balance read (it is a function of the contract itself). */
const MULTICALL3_ABI = parseAbi(['function getEthBalance(address addr) view returns (uint256 balance)']);

/** Dependencies of {@link getBalances}. */
export type BalanceDeps = {
  db: Db;
  chain: Chain;
  prices: PriceSource;
  tokenLists: TokenLists;
  log: (message: string) => void;
};

/** Chains found lacking Multicall3 (logged once each). */
const withoutMulticall3 = new WeakSet<Chain>();
/** Per database, the token symbols whose placeholder icon this process has stored. */
const iconsStored = new WeakMap<Db, Set<string>>();

/**
 * Native balance and raw balances of `list` for `account`, in one `eth_call` to Multicall3 (`getEthBalance`
 * and every `balanceOf` under `aggregate3` with failures allowed; viem's `multicall`, one chunk). When the
 * chain has no Multicall3 at `chain.multicall3`, the same reads go through viem's deployless multicall (the
 * contract's code travels in the call) and the native balance through `eth_getBalance` (checked with `eth_getCode`
 * when the Multicall3 read fails, so a failing upstream is not taken for a missing contract).
 * @returns the native balance and, per token, its balance or undefined when its `balanceOf` failed.
 * @throws the viem error when the chain's upstreams fail.
 */
async function readBalances(
  chain: Chain,
  account: `0x${string}`,
  list: readonly { address: `0x${string}` }[],
  log: (message: string) => void,
): Promise<{ native: bigint; tokens: (bigint | undefined)[] }> {
  const balanceOf: ContractFunctionParameters[] = list.map((t) => ({
    address: t.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account],
  }));
  const multicall3 = chain.multicall3 as `0x${string}`;
  if (!withoutMulticall3.has(chain)) {
    const [native, ...rest] = await chain.client.multicall({
      contracts: [
        { address: multicall3, abi: MULTICALL3_ABI, functionName: 'getEthBalance', args: [account] },
        ...balanceOf,
      ] as ContractFunctionParameters[],
      allowFailure: true,
      batchSize: 0,
      multicallAddress: multicall3,
    });
    if (native!.status === 'success')
      return {
        native: native!.result as bigint,
        tokens: rest.map((r) => (r.status === 'success' ? (r.result as bigint) : undefined)),
      };
    // A failed read of a deployed Multicall3 is the upstream failing, not a missing contract.
    const code = await chain.client.getCode({ address: multicall3 });
    if (code && code !== '0x') throw native!.error;
    withoutMulticall3.add(chain);
    log(
      `[api] ${chain.caipNetworkId}: no Multicall3 at ${multicall3} (${native!.error.message.split('\n')[0]}); balances use deployless multicall`,
    );
  }
  const [native, results] = await Promise.all([
    chain.client.getBalance({ address: account }),
    balanceOf.length
      ? chain.client.multicall({ contracts: balanceOf, allowFailure: true, batchSize: 0, deployless: true })
      : Promise.resolve([]),
  ]);
  return { native, tokens: results.map((r) => (r.status === 'success' ? (r.result as bigint) : undefined)) };
}

/**
 * Balances of `address` on `chain`, native first then tokens by symbol.
 *
 * The token set is every token of the chain's token lists (`chain.tokenLists`, default the bundled list)
 * and every ERC-20 the indexer has seen `address` send or receive on that chain (so a token that is on no
 * list still shows once it moved, and one that is listed shows without any history: a wallet that held it
 * long before the API started gets it on its first request). All of them and the native balance are read
 * live in one `eth_call` through Multicall3 (see `readBalances`), so the amounts are exact even when the
 * indexer lags. Zero token balances and tokens whose `balanceOf` fails are left out; the native entry is
 * always present. Tokens with 0 decimals are filtered (spec §5).
 * @throws the viem error when the chain's RPC fails.
 */
export async function getBalances(
  deps: BalanceDeps,
  address: string,
  currency: string,
  iconUrl: (symbol: string) => string,
): Promise<TokenBalance[]> {
  const { db, chain, prices } = deps;
  const account = toChecksumAddress(address) as `0x${string}`;
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

  const chainId = Number(chain.caipNetworkId.slice('eip155:'.length));
  const [listed, seen] = await Promise.all([
    deps.tokenLists.tokensOf(chainId, chain.tokenLists ?? [BUNDLED_TOKEN_LIST]),
    db
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
      ),
  ]);
  const set = new Map<string, ListedToken>(listed.map((t) => [t.address.toLowerCase(), t]));
  for (const t of seen) {
    if (!set.has(t.address)) set.set(t.address, { ...t, address: toChecksumAddress(t.address) as `0x${string}` });
  }
  const all = [...set.values()];
  const raw = await readBalances(chain, account, all, deps.log);

  const { nativeCurrency } = chain;
  const result: TokenBalance[] = [
    await priced(
      {
        name: nativeCurrency.name,
        symbol: nativeCurrency.symbol,
        chainId: chain.caipNetworkId,
        quantity: {
          decimals: String(nativeCurrency.decimals),
          numeric: formatUnits(raw.native, nativeCurrency.decimals),
        },
        iconUrl: iconUrl(nativeCurrency.symbol),
      },
      null,
    ),
  ];
  const held = all
    .map((t, i) => ({ t, amount: raw.tokens[i] }))
    .filter((h): h is { t: ListedToken; amount: bigint } => h.amount !== undefined && h.amount > 0n)
    .sort((a, b) => a.t.symbol.localeCompare(b.t.symbol));
  const stored = iconsStored.get(db) ?? new Set<string>();
  iconsStored.set(db, stored);
  for (const { t, amount } of held) {
    if (!stored.has(t.symbol)) {
      await putImageIfMissing(db, 'token', t.symbol, placeholderSvg(t.symbol));
      stored.add(t.symbol);
    }
    result.push(
      await priced(
        {
          name: t.name,
          symbol: t.symbol,
          chainId: chain.caipNetworkId,
          address: formatCaipAddress(chain.caipNetworkId, t.address),
          quantity: { decimals: String(t.decimals), numeric: formatUnits(amount, t.decimals) },
          iconUrl: iconUrl(t.symbol),
        },
        t.address.toLowerCase(),
      ),
    );
  }
  return result;
}
