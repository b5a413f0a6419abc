import { describe, expect, it } from 'vitest';
import {
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.ts';

describe('CAIP-2 network ids (spec §5)', () => {
  it('parses namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:31337')).toEqual({ chainNamespace: 'eip155', chainId: '31337' });
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      chainNamespace: 'solana',
      chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    });
  });

  it.each(['eip155', 'eip155:1:0xabc', '', ':1', 'eip155:', 'EIP155:1', 'e:1', 'eip155:1/2'])(
    'rejects %j with the spec message',
    (bad) => {
      expect(() => parseCaipNetworkId(bad)).toThrow('Invalid CAIP-2 network id');
      expect(isCaipNetworkId(bad)).toBe(false);
    },
  );

  it('rejects non-strings without crashing', () => {
    expect(() => parseCaipNetworkId(42 as unknown as string)).toThrow('Invalid CAIP-2 network id');
    expect(isCaipNetworkId(null)).toBe(false);
  });

  it('formats and round-trips', () => {
    expect(formatCaipNetworkId('eip155', 31338)).toBe('eip155:31338');
    expect(() => formatCaipNetworkId('eip155', '')).toThrow('Invalid CAIP-2 network id');
  });
});

describe('CAIP-10 account ids (spec §5)', () => {
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

  it('parses three parts', () => {
    expect(parseCaipAddress(`eip155:1:${address}`)).toEqual({ chainNamespace: 'eip155', chainId: '1', address });
  });

  it.each(['eip155::0xabc', `eip155:1:`, `eip155:x y:${address}`])('rejects %j (three malformed parts)', (bad) => {
    expect(() => parseCaipAddress(bad)).toThrow('Invalid CAIP-10 address');
    expect(isCaipAddress(bad)).toBe(false);
  });

  it.each(['eip155:1', `eip155:1:${address}:x`, ''])("rejects %j: not three parts, 'Invalid CAIP Address'", (bad) => {
    expect(() => parseCaipAddress(bad)).toThrow(/^Invalid CAIP Address$/);
    expect(isCaipAddress(bad)).toBe(false);
  });

  it('formats from a network id and an address', () => {
    expect(formatCaipAddress('eip155:31337', address)).toBe(`eip155:31337:${address}`);
    expect(() => formatCaipAddress('eip155', address)).toThrow('Invalid CAIP Address');
    expect(() => formatCaipAddress('eip155:1', 'not an address!')).toThrow('Invalid CAIP-10 address');
  });
});
