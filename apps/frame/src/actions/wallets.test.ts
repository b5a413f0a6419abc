import { describe, expect, it } from 'vitest';
import { announcement } from '../testing/testFrame.ts';
import { addRecent, orderWallets, recentKey } from './wallets.ts';
import { announcedEntry } from '../connectors/injected/index.ts';
import { pageWalletEntry } from '../connectors/pageWallets.ts';

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
    const order = orderWallets([a, b, c].map(announcedEntry), ['com.gamma', 'com.beta']);
    expect(order.map((e) => [e.wallet.name, e.recent])).toEqual([
      ['Gamma', true],
      ['Beta', true],
      ['Alpha', false],
    ]);
  });

  it('ignores recent wallets that are not on the page and marks at most 2', () => {
    const order = orderWallets([a, b, c].map(announcedEntry), ['com.missing', 'com.beta', 'com.alpha']);
    expect(order.map((e) => [e.wallet.name, e.recent])).toEqual([
      ['Beta', true],
      ['Alpha', false],
      ['Gamma', false],
    ]);
  });

  it('lists a page wallet in its connector’s own terms: rdns only for an EIP-6963 wallet, a bridged one kept under Recent by namespace and name', () => {
    expect(announcedEntry(a)).toEqual({ id: a.uuid, name: a.name, icon: a.icon, namespaces: ['eip155'], rdns: a.rdns });
    const phantom = pageWalletEntry('solana', { id: 'phantom-id', name: 'Phantom', icon: a.icon });
    expect(phantom).toEqual({ id: 'phantom-id', name: 'Phantom', icon: a.icon, namespaces: ['solana'] });
    expect('rdns' in phantom).toBe(false);
    expect(recentKey(phantom)).toBe('solana:Phantom');
    const order = orderWallets([announcedEntry(a), phantom], ['solana:Phantom']);
    expect(order.map((e) => [e.wallet.id, e.recent])).toEqual([
      ['phantom-id', true],
      [a.uuid, false],
    ]);
  });
});
