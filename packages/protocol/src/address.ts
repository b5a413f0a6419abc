import { getAddress } from 'viem';

/**
 * Address validation (spec §5): EVM addresses are 40 hex characters with an
 * optional 0x, checksum (EIP-55) enforced in strict mode; Solana addresses are
 * base58, 32 to 44 characters.
 */

const EVM_HEX = /^(0x)?[0-9a-fA-F]{40}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** Options for {@link isEvmAddress}. */
export type EvmAddressOptions = {
  /**
   * Strict mode enforces the EIP-55 checksum when the address mixes upper and
   * lower case (all-lowercase and all-uppercase carry no checksum and pass). Default false.
   */
  strict?: boolean;
};

/**
 * True when `address` is an EVM address: 40 hex characters, optional `0x`
 * (spec §5). With `strict`, a mixed-case address must carry a valid EIP-55
 * checksum. Never throws.
 */
export function isEvmAddress(address: unknown, options: EvmAddressOptions = {}): boolean {
  if (typeof address !== 'string' || !EVM_HEX.test(address)) return false;
  if (!options.strict) return true;
  const hex = address.startsWith('0x') ? address.slice(2) : address;
  const body = hex.replace(/[0-9]/g, '');
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === `0x${hex}`;
}

/**
 * Returns the EIP-55 checksummed form (`0x` + 40 mixed-case hex).
 * @throws Error 'Invalid address' when `address` is not 40 hex characters with optional 0x.
 */
export function toChecksumAddress(address: string): `0x${string}` {
  if (!EVM_HEX.test(address)) throw new Error('Invalid address');
  const hex = address.startsWith('0x') ? address.slice(2) : address;
  return getAddress(`0x${hex.toLowerCase()}`);
}

/** True when `address` is a Solana address: base58, 32 to 44 characters (spec §5). Never throws. */
export function isSolanaAddress(address: unknown): boolean {
  return typeof address === 'string' && BASE58.test(address);
}
