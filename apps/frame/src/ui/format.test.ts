import { describe, expect, it } from 'vitest';
import { formatBalance, shortenAddress } from './format.ts';

describe('formatBalance (spec §5: floor to 3 decimals, 0.000 when zero or invalid)', () => {
  it('floors, never rounds up', () => {
    expect(formatBalance('1.23999')).toBe('1.239');
    expect(formatBalance('9999.9999')).toBe('9999.999');
    expect(formatBalance('0.0009')).toBe('0.000');
  });
  it('pads whole numbers and short fractions', () => {
    expect(formatBalance('10000')).toBe('10000.000');
    expect(formatBalance('0.5')).toBe('0.500');
  });
  it('shows 0.000 for zero and invalid input', () => {
    for (const value of ['0', null, undefined, '', 'abc', '-1', 'NaN', '1e18'])
      expect(formatBalance(value)).toBe('0.000');
  });
});

describe('shortenAddress (spec §9: 4 start, 6 end characters)', () => {
  it('keeps 4 leading and 6 trailing characters', () => {
    expect(shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf3…b92266');
  });
  it('leaves short strings alone', () => {
    expect(shortenAddress('0x1234')).toBe('0x1234');
  });
});

describe('formatBalance in the modal language (Intl)', () => {
  it('keeps the floor to 3 decimals and uses the language decimal sign, without rounding', () => {
    expect(formatBalance('10000', 'en')).toBe('10000.000');
    expect(formatBalance('1.23456', 'es')).toBe('1,234');
    expect(formatBalance('123456789012345678.9999', 'es')).toBe('123456789012345678,999');
    expect(formatBalance(null, 'es')).toBe('0,000');
  });
});
