import { isSolanaAddress } from '@airlock/protocol';

/** A solana account address as the frame keeps it: base58, 32 to 44 characters (spec §5), or null. Pure. */
export function solanaAccountAddress(address: string): string | null {
  return isSolanaAddress(address) ? address : null;
}
