import { createPublicClient, http, pad, toHex } from 'viem';

/**
 * A minimal IdRegistry for the local anvil: runtime code answering
 * `custodyOf(uint256 fid) → address` from storage slot `fid`, any other call reverts.
 * Hand-assembled (no compiler in the stack):
 *
 *     PUSH1 0 CALLDATALOAD PUSH1 0xe0 SHR PUSH4 0x65269e47 EQ PUSH1 0x13 JUMPI
 *     PUSH1 0 DUP1 REVERT
 *     JUMPDEST PUSH1 4 CALLDATALOAD SLOAD PUSH1 0 MSTORE PUSH1 0x20 PUSH1 0 RETURN
 */
export const REGISTRY_RUNTIME_CODE = '0x60003560e01c6365269e4714601357600080fd5b6004355460005260206000f3' as const;

/**
 * Places the registry at `address` on the anvil at `rpcUrl` (`anvil_setCode`) and records
 * `custody` for `fid` (`anvil_setStorageAt`), then reads it back with `custodyOf`.
 * @throws Error when anvil refuses or the read-back differs.
 */
export async function installDevRegistry(
  rpcUrl: string,
  address: `0x${string}`,
  entries: { fid: number; custody: `0x${string}` }[],
): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000 }) });
  await client.request({ method: 'anvil_setCode' as never, params: [address, REGISTRY_RUNTIME_CODE] as never });
  for (const { fid, custody } of entries) {
    await client.request({
      method: 'anvil_setStorageAt' as never,
      params: [address, toHex(fid, { size: 32 }), pad(custody, { size: 32 })] as never,
    });
    const read = await client.readContract({
      address,
      abi: [
        {
          type: 'function',
          name: 'custodyOf',
          stateMutability: 'view',
          inputs: [{ name: 'fid', type: 'uint256' }],
          outputs: [{ type: 'address' }],
        },
      ],
      functionName: 'custodyOf',
      args: [BigInt(fid)],
    });
    if (read.toLowerCase() !== custody.toLowerCase())
      throw new Error(`The dev IdRegistry answered ${read} for fid ${fid}, expected ${custody}`);
  }
}
