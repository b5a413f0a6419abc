import { describe, expect, it } from 'vitest';
import { formatTokenAmount, formatUsd, trimDecimals } from './money.ts';

describe('money formatting', () => {
  it('formats dollars with cents, and a tiny value as below a cent', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.004)).toBe('<$0.01');
    expect(formatUsd(Number.NaN)).toBe('$0.00');
  });

  it('keeps a few significant decimals, truncating', () => {
    expect(trimDecimals('0.000021000000000000')).toBe('0.000021');
    expect(trimDecimals('9.99995899', 4)).toBe('9.9999');
    expect(trimDecimals('5.')).toBe('5');
    expect(trimDecimals('10000')).toBe('10000');
  });
});

describe('formatUsd in the modal language (Intl currency)', () => {
  it('formats US dollars the way the language writes them', () => {
    expect(formatUsd(1234.5, 'en')).toBe('$1,234.50');
    expect(formatUsd(1234.5, 'es')).toBe(
      new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(1234.5),
    );
    expect(formatUsd(1234.5, 'es')).toMatch(/1234,50|1\.234,50/);
    expect(formatUsd(0.001, 'es')).toMatch(/^<0,01/);
  });

  it('formatTokenAmount trims to 6 decimals and writes the amount in the modal language, exactly', () => {
    expect(formatTokenAmount('19.600000')).toBe('19.6');
    expect(formatTokenAmount('9999490.125', 'es')).toBe('9999490,125');
    expect(formatTokenAmount('0.000000123456789', 'es')).toBe('0,000000123456');
    expect(formatTokenAmount('not a number', 'es')).toBe('not a number');
  });
});
