import { describe, expect, it } from 'vitest';
import { isAccountName } from './namesGate.ts';

// Spec §1 'Suffixes are .reown.id and the legacy .wcn.id'.
describe('account names (spec §1)', () => {
  it('both suffixes name an account of this service: the Account view offers no other name', () => {
    expect(isAccountName('alice.reown.id')).toBe(true);
    expect(isAccountName('bobby.wcn.id')).toBe(true);
    expect(isAccountName('Bobby.WCN.ID')).toBe(true);
  });

  it('an ENS name, a bare suffix or no name is not one', () => {
    expect(isAccountName('alice.eth')).toBe(false);
    expect(isAccountName('.wcn.id')).toBe(false);
    expect(isAccountName('alice.wcn.id.eth')).toBe(false);
    expect(isAccountName(null)).toBe(false);
  });
});
