import { describe, expect, it } from 'vitest';
import { createDevPriceSource } from './prices.ts';

describe('dev price table', () => {
  it('prices the dev dollar token USDD at $1 and SOL, so no dev balance shows as worth $0.00', async () => {
    const prices = createDevPriceSource();
    const price = (symbol: string, caipNetworkId = 'eip155:31337') =>
      prices.getPrice({ caipNetworkId, address: null, symbol }, 'usd');
    expect(await price('USDD')).toBe(1);
    expect(await price('SOL', 'solana:devnet')).toBeGreaterThan(0);
    expect(
      await prices.getPrice({ caipNetworkId: 'eip155:31337', address: null, symbol: 'USDD' }, 'eur'),
    ).toBeUndefined();
  });
});
