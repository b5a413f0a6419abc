import { describe, expect, it } from 'vitest';
import { BALANCE_CACHE_MS, CACHE_MAX_ENTRIES, createTtlCache } from './cache.ts';

describe('createTtlCache (spec §9 cache lifetimes and the 8192-entry cap)', () => {
  it('answers an entry until its lifetime ends, then re-reads (undefined)', () => {
    let now = 1_000;
    const cache = createTtlCache<string>(BALANCE_CACHE_MS, () => now);
    cache.set('eip155:1:0xa', '1.5 ETH');
    now += BALANCE_CACHE_MS - 1;
    expect(cache.get('eip155:1:0xa')).toBe('1.5 ETH');
    now += 1;
    expect(cache.get('eip155:1:0xa')).toBeUndefined();
  });

  it('keeps at most 8192 entries: the oldest set goes first, a key set again counts as new', () => {
    const cache = createTtlCache<number>(60_000, () => 0);
    expect(CACHE_MAX_ENTRIES).toBe(8192);
    for (let i = 0; i < CACHE_MAX_ENTRIES; i++) cache.set(`k${i}`, i);
    cache.set('k0', 0); // refreshed: now the newest
    cache.set('extra', -1); // one over the cap: k1 (now the oldest) goes
    expect(cache.get('k0')).toBe(0);
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k2')).toBe(2);
    expect(cache.get('extra')).toBe(-1);
  });
});
