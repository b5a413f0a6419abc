import { formatUnits, type Hash } from 'viem';
import type { Network } from '@airlock/protocol';
import { getPublicClient } from './client.ts';

/**
 * Reads the native balance of `address` on `network` (`eth_getBalance`,
 * latest) and returns it in whole units as a decimal string (wei / 10^decimals,
 * e.g. '10000' for 10^22 wei with 18 decimals).
 * @throws viem's HttpRequestError / TimeoutError when the RPC fails.
 */
export async function readNativeBalance(network: Network, address: `0x${string}`): Promise<string> {
  const wei = await getPublicClient(network).getBalance({ address });
  return formatUnits(wei, network.nativeCurrency.decimals);
}

/**
 * Waits until the transaction `hash` is mined on `network` (receipt,
 * polling every POLLING_INTERVAL_MS, up to 120 000 ms).
 * @throws viem's WaitForTransactionReceiptTimeoutError when it never arrives.
 */
export async function waitForReceipt(network: Network, hash: Hash): Promise<void> {
  await getPublicClient(network).waitForTransactionReceipt({ hash, timeout: 120_000 });
}

/**
 * Sends a read-only JSON-RPC request to `network`'s RPC (viem `client.request`).
 * @throws viem's RpcRequestError (with the node's `code`) or HttpRequestError.
 */
export function readRpc(network: Network, method: string, params: unknown): Promise<unknown> {
  const client = getPublicClient(network) as unknown as {
    request: (args: { method: string; params?: unknown }) => Promise<unknown>;
  };
  return client.request(params === undefined ? { method } : { method, params });
}
