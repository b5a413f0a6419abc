import { defineChain, numberToHex, type Chain } from 'viem';
import type { Network } from '@airlock/protocol';
import { toViemChain } from '../chain.ts';
import { invalidParams } from './errors.ts';

/**
 * The EIP-3085 `wallet_addEthereumChain` parameter: chainId (hex), chainName,
 * rpcUrls, nativeCurrency (decimals: count of decimal places), blockExplorerUrls.
 */
export type AddEthereumChainParameter = {
  chainId: string;
  chainName?: string;
  rpcUrls?: string[];
  nativeCurrency?: { name: string; symbol: string; decimals: number };
  blockExplorerUrls?: string[];
};

/** The eip155 networks of `networks` as viem chains (other namespaces are left out). */
export function chainsFromNetworks(networks: readonly Network[]): Chain[] {
  return networks.filter((n) => n.chainNamespace === 'eip155').map(toViemChain);
}

/**
 * Parses an EIP-1193 hex chain id (`0x7a69`) into a number.
 * @throws DevWalletRpcError -32602 when it is not a positive hex quantity.
 */
export function parseChainId(chainId: unknown): number {
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]+$/.test(chainId)) {
    throw invalidParams(`Expected a hex chainId, got ${JSON.stringify(chainId)}`);
  }
  const id = Number.parseInt(chainId, 16);
  if (!Number.isSafeInteger(id) || id <= 0) throw invalidParams(`Invalid chainId ${chainId}`);
  return id;
}

/** The EIP-1193 hex form of a chain id (`31337` → `0x7a69`). */
export const chainIdHex = (chain: Chain): `0x${string}` => numberToHex(chain.id);

/**
 * Builds a viem chain from an EIP-3085 parameter.
 * @throws DevWalletRpcError -32602 when chainId is malformed or rpcUrls has no http(s) URL.
 */
export function chainFromAddParameter(param: AddEthereumChainParameter): Chain {
  const id = parseChainId(param.chainId);
  const http = (param.rpcUrls ?? []).filter((url) => /^https?:\/\//.test(url));
  if (http.length === 0) throw invalidParams('wallet_addEthereumChain needs at least one http(s) rpcUrl');
  const explorer = param.blockExplorerUrls?.[0];
  return defineChain({
    id,
    name: param.chainName ?? `Chain ${id}`,
    nativeCurrency: param.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http } },
    ...(explorer ? { blockExplorers: { default: { name: 'Explorer', url: explorer } } } : {}),
  });
}
