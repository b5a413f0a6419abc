import type { Network } from '@airlock/protocol';

/**
 * The explorer page of `address` on `network`: `<blockExplorers.default.url>/address/<address>`
 * (the path Etherscan-style, Solana and mempool.space explorers share), or null when the network
 * names no explorer. Pure.
 */
export function addressExplorerUrl(network: Network, address: string): string | null {
  const explorer = network.blockExplorers?.default.url.replace(/\/+$/, '');
  return explorer ? `${explorer}/address/${address}` : null;
}
