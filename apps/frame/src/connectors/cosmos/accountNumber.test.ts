import { describe, expect, it } from 'vitest';
import { accountNumberText } from './accountNumber.ts';

/**
 * A long.js `Long` as Keplr builds it (long.js 5: `new Long(low, high, unsigned)`, the two 32-bit
 * halves as signed ints, `toString()` its decimal text). Only its fields and `toString` matter here:
 * a structured clone (postMessage, penpal) keeps the fields and drops the prototype, JSON the same.
 */
class Long {
  constructor(
    readonly low: number,
    readonly high: number,
    readonly unsigned = false,
  ) {}
  toString() {
    return ((BigInt(this.high >>> 0) << 32n) | BigInt(this.low >>> 0)).toString();
  }
}

describe('a Cosmos account number as wallets give it (accountNumberText)', () => {
  it('takes a bigint, a safe integer, decimal text', () => {
    expect(accountNumberText(7n)).toBe('7');
    expect(accountNumberText(7)).toBe('7');
    expect(accountNumberText('18446744073709551615')).toBe('18446744073709551615');
  });

  it('takes a Long, as an instance, after a structured clone and after JSON', () => {
    // 2^32 + 5: both halves used; and the largest uint64 (all bits set: low and high are -1 as signed ints).
    const long = new Long(5, 1, true);
    const max = new Long(-1, -1, true);
    expect(accountNumberText(long)).toBe('4294967301');
    expect(accountNumberText(structuredClone(long))).toBe('4294967301');
    expect(Object.getPrototypeOf(structuredClone(long))).toBe(Object.prototype);
    expect(accountNumberText(JSON.parse(JSON.stringify(long)))).toBe('4294967301');
    expect(accountNumberText(structuredClone(max))).toBe('18446744073709551615');
    expect(accountNumberText({ low: 12, high: 0 })).toBe('12');
  });

  it('is null for a negative, fractional, too wide or malformed value', () => {
    for (const bad of [
      -1n,
      -1,
      1.5,
      Number.MAX_SAFE_INTEGER + 2,
      '-1',
      '1e3',
      '',
      2n ** 64n,
      '18446744073709551616',
      new Long(0, -1, false),
      { low: 1 },
      { low: 1, high: 2 ** 40 },
      { low: '1', high: 0 },
      null,
      undefined,
      {},
      [],
    ])
      expect(accountNumberText(bad), String(bad)).toBeNull();
  });
});
