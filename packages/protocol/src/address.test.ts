import { describe, expect, it } from 'vitest';
import { isEvmAddress, isSolanaAddress, toChecksumAddress } from './address.ts';

// Test vectors from EIP-55.
const EIP55 = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('EVM addresses (spec §5, EIP-55)', () => {
  it.each(EIP55)('accepts the EIP-55 vector %s in strict mode', (address) => {
    expect(isEvmAddress(address, { strict: true })).toBe(true);
  });

  it.each(EIP55.slice(4))('checksums %s from lowercase', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  it('rejects a broken checksum only in strict mode', () => {
    const broken = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
    expect(isEvmAddress(broken)).toBe(true);
    expect(isEvmAddress(broken, { strict: true })).toBe(false);
  });

  it('accepts 40 hex without 0x', () => {
    expect(isEvmAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', { strict: true })).toBe(true);
  });

  it.each(['0x123', `0x${'g'.repeat(40)}`, '', 42, null, `0x${'a'.repeat(41)}`])('rejects %j', (bad) => {
    expect(isEvmAddress(bad)).toBe(false);
  });

  it('toChecksumAddress refuses garbage', () => {
    expect(() => toChecksumAddress('0x12')).toThrow('Invalid address');
  });
});

describe('Solana addresses (spec §5)', () => {
  it('accepts base58 of 32 to 44 characters', () => {
    expect(isSolanaAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe(true);
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true);
  });

  it.each([`0OIl${'1'.repeat(30)}`, '1'.repeat(31), '1'.repeat(45), '', undefined])('rejects %j', (bad) => {
    expect(isSolanaAddress(bad)).toBe(false);
  });
});
