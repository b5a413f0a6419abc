/** The base58 alphabet (Bitcoin's, which Solana uses). */
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The bytes of base58 text (the frame validates the addresses and signatures it sends: no check here). */
export const fromBase58 = (text: string): Uint8Array => {
  let n = 0n;
  const out: number[] = [];
  for (const c of text) n = n * 58n + BigInt(B58.indexOf(c));
  for (; n; n /= 256n) out.unshift(Number(n % 256n));
  for (const c of text) {
    if (c != '1') break;
    out.unshift(0);
  }
  return Uint8Array.from(out);
};
