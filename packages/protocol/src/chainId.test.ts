import { describe, expect, it } from 'vitest';
import {
  caipChainId,
  caipNetworkIdToHex,
  coinTypeOfChainId,
  eip155ChainId,
  eip155NetworkId,
  fromHexChainId,
  toHexChainId,
} from './chainId.ts';

describe('chain id helpers', () => {
  it('converts decimal to EIP-1193 hex and back', () => {
    expect(toHexChainId(31337)).toBe('0x7a69');
    expect(toHexChainId(1n)).toBe('0x1');
    expect(fromHexChainId('0x7a69')).toBe(31337);
    expect(fromHexChainId('0x7A6A')).toBe(31338);
    expect(fromHexChainId('31337')).toBe(31337);
    expect(fromHexChainId(1)).toBe(1);
  });

  it('rejects malformed chain ids', () => {
    expect(() => toHexChainId(0)).toThrow('Invalid chainId');
    expect(() => toHexChainId(1.5)).toThrow('Invalid chainId');
    for (const bad of ['0x', '0x0', 'abc', '', '0x1g', -1, 0, 1.5, null, {}, `0x${'f'.repeat(15)}`]) {
      expect(fromHexChainId(bad)).toBeNull();
    }
  });

  it('converts between chain ids and CAIP-2', () => {
    expect(eip155NetworkId(31337)).toBe('eip155:31337');
    expect(eip155NetworkId('0x7a6a')).toBe('eip155:31338');
    expect(eip155ChainId('eip155:31337')).toBe(31337);
    expect(caipNetworkIdToHex('eip155:31338')).toBe('0x7a6a');
    expect(eip155ChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBeNull();
    expect(eip155ChainId('eip155:01')).toBeNull();
    expect(caipNetworkIdToHex('nonsense')).toBeNull();
    expect(() => eip155NetworkId('zz')).toThrow('Invalid chainId');
  });
});

describe('coinTypeOfChainId (ENSIP-11, spec §5)', () => {
  it('sets the EVM bit: Optimism 10 → 2147483658, the dev chain 31337 → 2147514985', () => {
    expect(coinTypeOfChainId(10)).toBe(2147483658);
    expect(coinTypeOfChainId(31337)).toBe(0x80000000 + 31337);
    expect(coinTypeOfChainId(2 ** 31 - 1)).toBe(2 ** 32 - 1);
  });

  it("refuses chain ids of 2^31 or more with 'Invalid chainId' (they would wrap onto another chain's coin type)", () => {
    expect(() => coinTypeOfChainId(2 ** 31)).toThrow(new RangeError('Invalid chainId'));
    expect(() => coinTypeOfChainId(2 ** 31 + 10)).toThrow('Invalid chainId');
    expect(() => coinTypeOfChainId(0)).toThrow('Invalid chainId');
    expect(() => coinTypeOfChainId(1.5)).toThrow('Invalid chainId');
  });

  it('gives the chain id as each namespace writes it: a number on eip155, the CAIP-2 reference elsewhere', () => {
    expect(caipChainId('eip155:31337')).toBe(31337);
    expect(caipChainId('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe('EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    expect(caipChainId('bip122:000000000019d6689c085ae165831e93')).toBe('000000000019d6689c085ae165831e93');
    expect(caipChainId('cosmos:cosmoshub-4')).toBe('cosmoshub-4');
  });
});
