/** The base58 alphabet (Bitcoin's, which Solana uses). */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 text of `bytes` (a signature or a public key); leading zero bytes become `1`s. Pure. */
export function toBase58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/**
 * The bytes of base58 text (a signature or a public key); each leading `1` is a zero byte.
 * @throws Error 'Expected base58' for a character outside the alphabet.
 */
export function fromBase58(text: string): Uint8Array {
  let n = 0n;
  for (const c of text) {
    const digit = ALPHABET.indexOf(c);
    if (digit < 0) throw new Error('Expected base58');
    n = n * 58n + BigInt(digit);
  }
  const out: number[] = [];
  for (; n > 0n; n /= 256n) out.unshift(Number(n % 256n));
  for (const c of text) {
    if (c !== '1') break;
    out.unshift(0);
  }
  return Uint8Array.from(out);
}
