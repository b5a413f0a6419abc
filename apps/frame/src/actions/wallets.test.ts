import { describe, expect, it } from 'vitest';
import { announcement } from '../testing/testFrame.ts';
import { addRecent, orderWallets } from './wallets.ts';

const a = announcement('Alpha', 'com.alpha', 1);
const b = announcement('Beta', 'com.beta', 2);
const c = announcement('Gamma', 'com.gamma', 3);

describe('recent wallets (spec §9: max 2)', () => {
  it('puts the latest first without duplicates and keeps at most 2', () => {
    expect(addRecent([], 'com.alpha')).toEqual(['com.alpha']);
    expect(addRecent(['com.alpha'], 'com.beta')).toEqual(['com.beta', 'com.alpha']);
    expect(addRecent(['com.beta', 'com.alpha'], 'com.gamma')).toEqual(['com.gamma', 'com.beta']);
    expect(addRecent(['com.beta', 'com.alpha'], 'com.alpha')).toEqual(['com.alpha', 'com.beta']);
  });

  it('orders recent wallets first (most recent first), then the rest in announcement order', () => {
    const order = orderWallets([a, b, c], ['com.gamma', 'com.beta']);
    expect(order.map((e) => [e.wallet.name, e.recent])).toEqual([
      ['Gamma', true],
      ['Beta', true],
      ['Alpha', false],
    ]);
  });

  it('ignores recent wallets that are not on the page and marks at most 2', () => {
    const order = orderWallets([a, b, c], ['com.missing', 'com.beta', 'com.alpha']);
    expect(order.map((e) => [e.wallet.name, e.recent])).toEqual([
      ['Beta', true],
      ['Alpha', false],
      ['Gamma', false],
    ]);
  });
});
