import { createPublicClient, formatEther, http, type PublicClient } from 'viem';
import type { DevWalletNetwork } from './config.ts';
import { toViemChain } from './requests.ts';

/** Native balances of the wallet's accounts, read over the network's `rpcUrl` (`eth_getBalance`). */

const clients = new Map<string, PublicClient>();

const clientFor = (network: DevWalletNetwork): PublicClient => {
  let client = clients.get(network.rpcUrl);
  if (!client) {
    client = createPublicClient({ chain: toViemChain(network), transport: http(network.rpcUrl, { retryCount: 0 }) });
    clients.set(network.rpcUrl, client);
  }
  return client;
};

/**
 * Balances in wei of `addresses` on `network`, keyed by address; `undefined` for an address whose
 * read failed (chain down). Never throws.
 */
export async function readBalances(
  network: DevWalletNetwork,
  addresses: readonly string[],
): Promise<Record<string, bigint | undefined>> {
  const client = clientFor(network);
  const entries = await Promise.all(
    addresses.map(async (address) => {
      try {
        return [address, await client.getBalance({ address: address as `0x${string}` })] as const;
      } catch {
        return [address, undefined] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Formats wei as ETH floored to 4 decimals, e.g. `9999.9899 ETH`; `—` when unknown.
 * @param wei balance in wei (18 decimals).
 */
export function formatBalance(wei: bigint | undefined, symbol = 'ETH'): string {
  if (wei === undefined) return '—';
  const [whole, fraction = ''] = formatEther(wei).split('.');
  return `${whole}.${fraction.padEnd(4, '0').slice(0, 4)} ${symbol}`;
}
