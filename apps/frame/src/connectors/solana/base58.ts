import { base58 } from '@scure/base';

/** Base58 text (the Bitcoin alphabet Solana uses) of `bytes`, a signature or a public key; leading zero bytes become `1`s (`@scure/base`). Pure. */
export function toBase58(bytes: Uint8Array): string {
  return base58.encode(bytes);
}

/**
 * The bytes of base58 text (a signature or a public key); each leading `1` is a zero byte (`@scure/base`).
 * @throws Error 'Expected base58' for a character outside the alphabet.
 */
export function fromBase58(text: string): Uint8Array {
  try {
    return base58.decode(text);
  } catch {
    throw new Error('Expected base58');
  }
}
