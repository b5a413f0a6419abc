import { getAddress, isAddress } from 'viem';

/** Checksums an address (EIP-55) when it is one; anything else is returned as a string. */
export const checksum = (address: unknown): string =>
  typeof address === 'string' && isAddress(address, { strict: false }) ? getAddress(address) : String(address);

/**
 * One `dapp-events` line per EIP-1193 provider event (docs/integration.md):
 * `connect 0x7a69`, `accountsChanged 0xf39F…2266` (full checksummed addresses,
 * comma separated; `[]` when empty), `chainChanged 0x7a6a`, `disconnect`.
 */
export function eventLine(
  event: 'connect' | 'accountsChanged' | 'chainChanged' | 'disconnect',
  data?: unknown,
): string {
  switch (event) {
    case 'connect':
      return `connect ${(data as { chainId?: unknown } | undefined)?.chainId ?? ''}`.trim();
    case 'accountsChanged': {
      const accounts = Array.isArray(data) ? data : [];
      return `accountsChanged ${accounts.length ? accounts.map(checksum).join(', ') : '[]'}`;
    }
    case 'chainChanged':
      return `chainChanged ${String(data)}`;
    case 'disconnect':
      return 'disconnect';
  }
}

/** The decimal chain id of an EIP-1193 chain id (`0x7a69` → `31337`), or `undefined` when unreadable. */
export function decimalChainId(chainId: unknown): number | undefined {
  if (typeof chainId === 'number') return Number.isSafeInteger(chainId) ? chainId : undefined;
  if (typeof chainId !== 'string' || !/^(0x[0-9a-fA-F]+|\d+)$/.test(chainId)) return undefined;
  return Number(chainId);
}
