import { decodePolkadotAccountInfo, parsePolkadotAddress, polkadotSystemAccountKey } from '@airlock/protocol/polkadot';
import { formatUnits } from 'viem';
import type { TokenBalance } from '../balances.ts';
import { ApiError } from '../http/errors.ts';
import { backendJson } from '../namespaceBalances.ts';
import type { PriceSource } from '../prices.ts';
import type { PolkadotChain } from './config.ts';

/** The native balance of a Polkadot account: the spec §3 shape (quantity = free + reserved) plus its parts. */
export type PolkadotBalance = TokenBalance & {
  /** Free balance (spendable unless frozen), in the token's unit. */
  free: string;
  /** Reserved balance (held by deposits, staking bonds …). */
  reserved: string;
  /** The part of `free` that is frozen (locks), never transferable. */
  frozen: string;
};

/**
 * The native balance of `address` (a valid SS58 account) on a Polkadot network: `state_getStorage`
 * of its `System.Account` entry from the configured JSON-RPC, decoded (`AccountInfo`); an account
 * without an entry holds 0.
 * @throws ApiError 502 when the RPC fails or answers something that is not an AccountInfo.
 */
export async function getPolkadotBalances(
  deps: { chain: PolkadotChain; prices: PriceSource },
  address: string,
  currency: string,
  iconUrl: (symbol: string) => string,
): Promise<PolkadotBalance[]> {
  const { chain, prices } = deps;
  const parsed = parsePolkadotAddress(address, chain.caipNetworkId);
  if (!parsed.ok) throw new ApiError(400, 'Invalid address');
  const answer = await backendJson<{ result?: unknown; error?: { message?: string } }>('Polkadot', chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'state_getStorage',
      params: [polkadotSystemAccountKey(parsed.publicKey)],
    }),
  });
  let account: ReturnType<typeof decodePolkadotAccountInfo>;
  try {
    if (answer.error) throw new Error(String(answer.error.message));
    if (answer.result !== null && (typeof answer.result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(answer.result)))
      throw new Error('not a hex value');
    account = decodePolkadotAccountInfo(answer.result as `0x${string}` | null);
  } catch (error) {
    throw new ApiError(502, `Polkadot backend unavailable (${(error as Error).message})`);
  }
  const { name, symbol, decimals } = chain.nativeCurrency;
  const numeric = formatUnits(account.free + account.reserved, decimals);
  const price =
    (await prices.getPrice({ caipNetworkId: chain.caipNetworkId as never, address: null, symbol }, currency)) ?? 0;
  return [
    {
      name,
      symbol,
      chainId: chain.caipNetworkId as never,
      quantity: { decimals: String(decimals), numeric },
      price,
      value: Number(numeric) * price,
      iconUrl: iconUrl(symbol),
      free: formatUnits(account.free, decimals),
      reserved: formatUnits(account.reserved, decimals),
      frozen: formatUnits(account.frozen, decimals),
    },
  ];
}
