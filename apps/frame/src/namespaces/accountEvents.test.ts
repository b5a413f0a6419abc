import { describe, expect, it } from 'vitest';
import { accountProviderEvents } from './accountEvents.ts';

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328';
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba';

describe('accountProviderEvents', () => {
  const { events } = accountProviderEvents('bip122', true);
  const names = (before: string | null, after: string | null) =>
    events(before, after).map((e) => (e.type === 'provider' ? `${e.event} ${JSON.stringify(e.data)}` : e.type));

  it('an account appearing, changing and going: accountsChanged, then accountsChanged [] and disconnect', () => {
    expect(names(null, `${REGTEST} a`)).toEqual(['accountsChanged ["a"]']);
    expect(names(`${REGTEST} a`, `${REGTEST} b`)).toEqual(['accountsChanged ["b"]']);
    expect(names(`${REGTEST} b`, null)).toEqual([
      'accountsChanged []',
      'disconnect {"code":4900,"message":"Disconnected"}',
    ]);
    expect(names(`${REGTEST} b`, `${REGTEST} b`)).toEqual([]);
  });

  it('another network of the namespace with the same account: chainChanged only (and nothing without chainChanged)', () => {
    expect(names(`${REGTEST} a`, `${TESTNET} a`)).toEqual([`chainChanged "${TESTNET}"`]);
    expect(accountProviderEvents('solana').events(`${REGTEST} a`, `${TESTNET} a`)).toEqual([]);
  });
});
