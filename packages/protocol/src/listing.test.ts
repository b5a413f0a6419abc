import { describe, expect, it } from 'vitest';
import { GetWalletsResponseSchema } from './listing.ts';
import { PersistedPreferencesSchema } from './preferences.ts';

describe('wallet listing schema (shared by apps/api and the frame)', () => {
  it('accepts the API answer with spec §3 field names and rejects the drifted camelCase badge', () => {
    const entry = {
      id: 'w-dev',
      name: 'Dev Wallet',
      image_id: 'w-dev',
      rdns: 'dev.airlock.wallet',
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      chains: ['eip155:31337'],
    };
    expect(GetWalletsResponseSchema.parse({ data: [entry], count: 1 }).data[0]).toEqual(entry);
    expect(GetWalletsResponseSchema.safeParse({ data: [{ ...entry, badge_type: 'gold' }], count: 1 }).success).toBe(
      false,
    );
    expect(GetWalletsResponseSchema.safeParse({ data: [{ ...entry, name: 1 }], count: 1 }).success).toBe(false);
    expect(GetWalletsResponseSchema.safeParse({ data: 'x', count: 1 }).success).toBe(false);
  });
});

describe('persisted preferences', () => {
  it('accepts only non-secret preferences in the versioned shape', () => {
    const state = {
      preferences: {
        recentWallets: ['dev.airlock.wallet'],
        activeCaipNetworkId: 'eip155:31337',
        connectedConnector: { type: 'walletConnect' },
      },
    };
    expect(PersistedPreferencesSchema.safeParse({ state, version: 1 }).success).toBe(true);
    expect(PersistedPreferencesSchema.safeParse({ 'airlock:wc:keychain': '{}' }).success).toBe(false);
    expect(
      PersistedPreferencesSchema.safeParse({
        state: { preferences: { ...state.preferences, recentWallets: ['a', 'b', 'c'] } },
        version: 1,
      }).success,
    ).toBe(false);
  });
});
