import {
  ErrorCode,
  err,
  fromHexChainId,
  isEvmAddress,
  ok,
  toChecksumAddress,
  toHexChainId,
  type Network,
  type Result,
} from '@airlock/protocol';

/**
 * Checks of what a page wallet returns through the host (untrusted input).
 */

/** An accounts array (EIP-1193): every entry an EVM address; EIP-55 checksummed, or -32603 when malformed. */
export function parseAccounts(value: unknown): Result<`0x${string}`[]> {
  if (!Array.isArray(value) || !value.every((a) => isEvmAddress(a))) {
    return err(ErrorCode.InternalError, 'Wallet returned malformed accounts');
  }
  return ok(value.map((a: string) => toChecksumAddress(a)));
}

/** A chain id from the wallet (`0x7a69`, or decimal) as a number; -32603 when malformed. */
export function parseChainId(value: unknown): Result<number> {
  const id = fromHexChainId(value);
  return id === null ? err(ErrorCode.InternalError, 'Wallet returned a malformed chain id') : ok(id);
}

/** EIP-3085 `wallet_addEthereumChain` parameters from a spec §3 Network. */
export function addChainParams(network: Network): Record<string, unknown> {
  return {
    chainId: toHexChainId(Number(network.id)),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls.default.http,
    ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
  };
}
