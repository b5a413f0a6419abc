/**
 * A Cosmos account number (a uint64: `SignDoc.accountNumber`, `StdSignDoc.account_number`) as
 * wallets give it, read as decimal text; null when it is none. Accepted: a bigint, a safe integer
 * number, decimal text, and a long.js `Long` (what Keplr and CosmJS's older `cosmjs-types` use) —
 * an instance or, after a structured clone (postMessage) or JSON, the plain `{ low, high, unsigned }`
 * it leaves (its 32-bit halves, `high` the upper). A negative, fractional or wider than 64-bit value
 * is null. Pure.
 */
export function accountNumberText(value: unknown): string | null {
  let n: bigint | null = null;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'number') n = Number.isSafeInteger(value) ? BigInt(value) : null;
  else if (typeof value === 'string') n = /^\d{1,20}$/.test(value) ? BigInt(value) : null;
  else if (isLongShaped(value)) {
    // A signed Long with its top bit set is negative: no account number.
    if (!value.unsigned && value.high < 0) return null;
    n = (BigInt(value.high >>> 0) << 32n) | BigInt(value.low >>> 0);
  }
  return n !== null && n >= 0n && n < 2n ** 64n ? n.toString() : null;
}

/** long.js's fields: two 32-bit integers and the sign flag. */
type LongShaped = { low: number; high: number; unsigned?: boolean };

const int32 = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 32;

function isLongShaped(value: unknown): value is LongShaped {
  if (typeof value !== 'object' || value === null) return false;
  const { low, high, unsigned } = value as Record<string, unknown>;
  return int32(low) && int32(high) && (unsigned === undefined || typeof unsigned === 'boolean');
}
