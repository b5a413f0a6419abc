import { describe, expect, it } from 'vitest';
import { chainNamespaceOf } from './namespace.ts';

describe('chainNamespaceOf (CAIP-2 namespace part)', () => {
  it('names the namespace of a network id', () => {
    expect(chainNamespaceOf('eip155:1')).toBe('eip155');
    expect(chainNamespaceOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana');
    expect(chainNamespaceOf('bip122:000000000019d6689c085ae165831e93')).toBe('bip122');
  });

  it('refuses an id without a known namespace', () => {
    expect(() => chainNamespaceOf('tezos:NetXdQprcVkpaWU')).toThrow('Invalid CAIP-2 network id');
    expect(() => chainNamespaceOf('eip155')).toThrow('Invalid CAIP-2 network id');
  });
});
