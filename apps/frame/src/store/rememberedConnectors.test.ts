import { describe, expect, it } from 'vitest';
import { initialPreferences } from './state.ts';
import { rememberedConnectors } from './rememberedConnectors.ts';

// Spec §3 'connected connectors per namespace', §4 'Connectors are tried starting with the most recently used'.
describe('rememberedConnectors', () => {
  const wc = { type: 'walletConnect' } as const;
  const dev = { type: 'injected', rdns: 'dev.airlock.wallet' } as const;
  const other = { type: 'injected', rdns: 'com.other' } as const;
  const phantom = { type: 'solana', name: 'Phantom' } as const;
  const preferences = {
    ...initialPreferences,
    connectedConnectors: { eip155: [other, dev], solana: [phantom, wc] },
  };

  it('the active namespace first, each namespace most recent first, a connector listed once', () => {
    expect(rememberedConnectors(preferences, 'eip155')).toEqual([other, dev, phantom, wc]);
    expect(rememberedConnectors(preferences, 'solana')).toEqual([phantom, wc, other, dev]);
    expect(
      rememberedConnectors({ ...preferences, connectedConnectors: { eip155: [wc], solana: [wc] } }, 'eip155'),
    ).toEqual([wc]);
  });

  it('falls back to the last connected connector (a version-1 blob) when no namespace remembers one', () => {
    expect(rememberedConnectors({ ...initialPreferences, connectedConnector: dev }, 'eip155')).toEqual([dev]);
    expect(rememberedConnectors(initialPreferences, 'eip155')).toEqual([]);
  });
});
