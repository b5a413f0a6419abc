import { isEvmAddress, toChecksumAddress } from '@airlock/protocol';

/** An eip155 account address as the frame keeps it: EIP-55 (spec §5), or null when it is not 40 hex characters. Pure. */
export function eip155AccountAddress(address: string): string | null {
  return isEvmAddress(address) ? toChecksumAddress(address) : null;
}
