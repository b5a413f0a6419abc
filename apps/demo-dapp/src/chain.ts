import { defineChain, type Chain } from 'viem';
import type { Network } from '@airlock/protocol';

/**
 * Turns a spec §3 eip155 network into a viem `Chain` (id, name, nativeCurrency
 * with `decimals` as a count of decimal places, rpcUrls, blockExplorers), for
 * wallet and public clients that need a `chain`.
 * @throws Error 'Not an eip155 network: <caipNetworkId>' for other namespaces.
 */
export function toViemChain(network: Network): Chain {
  if (network.chainNamespace !== 'eip155') throw new Error(`Not an eip155 network: ${network.caipNetworkId}`);
  return defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  });
}
