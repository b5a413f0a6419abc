import type { Hash, PublicClient } from 'viem';
import type { Network } from '@airlock/protocol';
import { createServedChains, type ProxyRoute } from './served.ts';
import { formatUnits, readSolBalance, solanaFetch } from './solana.ts';

/** The frame's chain reads (viem for eip155, loaded on first use so viem stays out of the initial JS). */
export type ChainClient = {
  /**
   * The native balance of `address` on `network` (`eth_getBalance`, latest) in whole
   * units as a decimal string ('10000' for 10^22 wei with 18 decimals).
   * @throws viem's HttpRequestError / TimeoutError when the RPC fails.
   */
  readNativeBalance(network: Network, address: `0x${string}`): Promise<string>;
  /**
   * The SOL balance of `address` (base58) on the solana `network` in whole SOL (`getBalance`, confirmed).
   * @throws Error when the RPC fails (see chain/solana.ts).
   */
  readSolanaBalance(network: Network, address: string): Promise<string>;
  /**
   * The `fetch` for a web3.js `Connection` to the solana `network`'s RPC URL (the send form): reads through the
   * API's RPC proxy first when it serves the chain, writes to the dapp's URL (see chain/solana.ts `solanaFetch`).
   */
  solanaFetch(network: Network): Promise<typeof fetch>;
  /**
   * Waits until `hash` is mined on `network` (polling, up to 120 000 ms).
   * @throws viem's WaitForTransactionReceiptTimeoutError when it never arrives.
   */
  waitForReceipt(network: Network, hash: Hash): Promise<void>;
  /**
   * A read-only JSON-RPC request to `network`'s RPC.
   * @throws viem's RpcRequestError (with the node's `code`) or HttpRequestError.
   */
  readRpc(network: Network, method: string, params: unknown): Promise<unknown>;
};

/**
 * Creates a chain client with its own public-client cache. With `proxy` (the frame's deployment has an API):
 * reads of the chains the API serves (eip155 and Solana) go through its RPC proxy first and the dapp's RPC URL
 * second; without it, or for another chain, through the dapp's RPC URL only (see chain/served.ts,
 * chain/transport.ts, chain/solana.ts). viem loads with the first eip155 read, not for Solana reads.
 */
export function createChainClient(proxy: ProxyRoute | null = null): ChainClient {
  const proxyUrlOf = proxy ? createServedChains(proxy) : async () => null;
  let clients: Promise<(network: Network) => Promise<PublicClient>> | undefined;
  const clientOf = async (network: Network) => {
    clients ??= import('./client.ts').then((m) => m.createPublicClients(proxyUrlOf));
    return (await clients)(network);
  };
  return {
    async readNativeBalance(network, address) {
      return formatUnits(await (await clientOf(network)).getBalance({ address }), network.nativeCurrency.decimals);
    },
    async readSolanaBalance(network, address) {
      return readSolBalance(network, address, await proxyUrlOf(network.caipNetworkId));
    },
    async solanaFetch(network) {
      return solanaFetch(await proxyUrlOf(network.caipNetworkId));
    },
    async waitForReceipt(network, hash) {
      await (await clientOf(network)).waitForTransactionReceipt({ hash, timeout: 120_000 });
    },
    async readRpc(network, method, params) {
      const client = (await clientOf(network)) as unknown as {
        request: (args: { method: string; params?: unknown }) => Promise<unknown>;
      };
      return client.request(params === undefined ? { method } : { method, params });
    },
  };
}
