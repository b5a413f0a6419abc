import { createPublicClient, http, parseAbi } from 'viem';

/** The part of the Farcaster IdRegistry the API reads. */
export const ID_REGISTRY_ABI = parseAbi(['function custodyOf(uint256 fid) view returns (address)']);

/**
 * `custodyOf(fid)` on the IdRegistry at `registry` over `rpcUrl` (10 s timeout).
 * @throws the RPC error when the chain cannot be read.
 */
export function custodyReader(rpcUrl: string, registry: `0x${string}`): (fid: bigint) => Promise<`0x${string}`> {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) });
  return (fid) =>
    client.readContract({ address: registry, abi: ID_REGISTRY_ABI, functionName: 'custodyOf', args: [fid] });
}
