import { describe, expect, it } from 'vitest';
import { PersistedFramePreferencesSchema, type FramePreferences } from './persisted.ts';
import { persistedConnection, restoredWalletIds } from './rememberedConnectors.ts';
import { initialPreferences } from './state.ts';
import type { WalletConnection } from './connectionTypes.ts';

// Spec §3 'Local storage keeps … connections': the wallet's rdns (EIP-6963) and listing id
// (Connector explorerId) survive a reload, so the dapp sees the same connectedWalletInfo.
const WC_ID = 'c57ca95b47569778a828d19178114f4db188b89b7e4ac8c4f8dd6a3d0cf4f2f3';
const connection = (over: Partial<WalletConnection>): WalletConnection => ({
  connectorId: 'walletConnect',
  type: 'WALLET_CONNECT',
  chainNamespace: 'eip155',
  name: 'MetaMask',
  icon: 'data:image/png;base64,',
  accounts: [{ address: '0x0000000000000000000000000000000000000001', type: 'eoa' }],
  caipNetworkId: 'eip155:1',
  ...over,
});

/** Stores `connections` as the frame does, reads the blob back through the schema, as after a reload. */
function reloaded(connections: WalletConnection[]): FramePreferences {
  const preferences = { ...initialPreferences, connections: connections.map(persistedConnection) };
  const blob = JSON.parse(JSON.stringify({ state: { preferences }, version: 2 }));
  const parsed = PersistedFramePreferencesSchema.parse(blob);
  return (parsed.state as { preferences: FramePreferences }).preferences;
}

describe('rdns and explorerId of a connection persist across a reload', () => {
  const walletConnect = { id: 'walletConnect', rdns: undefined };

  it('a WalletConnect wallet picked in the listing keeps its rdns and explorerId', () => {
    const preferences = reloaded([connection({ rdns: 'io.metamask', explorerId: WC_ID })]);
    expect(preferences.connections[0]).toMatchObject({ rdns: 'io.metamask', explorerId: WC_ID });
    expect(restoredWalletIds(preferences, walletConnect, 'eip155')).toEqual({
      rdns: 'io.metamask',
      explorerId: WC_ID,
    });
  });

  it('a listed wallet without rdns showed its listing id as rdns: stored once, shown the same', () => {
    const preferences = reloaded([connection({ rdns: WC_ID, explorerId: WC_ID })]);
    expect(preferences.connections[0]).not.toHaveProperty('rdns');
    expect(restoredWalletIds(preferences, walletConnect, 'eip155')).toEqual({ rdns: WC_ID, explorerId: WC_ID });
  });

  it("a page wallet's own announced rdns wins; another namespace's connection is not taken", () => {
    const preferences = reloaded([connection({ connectorId: 'uuid-1', rdns: 'com.other' })]);
    expect(restoredWalletIds(preferences, { id: 'uuid-1', rdns: 'dev.airlock.wallet' }, 'eip155').rdns).toBe(
      'dev.airlock.wallet',
    );
    expect(restoredWalletIds(preferences, { id: 'uuid-1', rdns: undefined }, 'solana')).toEqual({
      rdns: undefined,
      explorerId: undefined,
    });
  });

  it('an rdns or listing id of the wrong shape is not stored, and is dropped on load (the connection kept)', () => {
    expect(persistedConnection(connection({ rdns: 'not rdns', explorerId: 'a b' }))).not.toHaveProperty('rdns');
    expect(persistedConnection(connection({ rdns: 'not rdns', explorerId: 'a b' }))).not.toHaveProperty('explorerId');
    const stored = { ...persistedConnection(connection({})), rdns: '<img src=x>', explorerId: '../../x' };
    const parsed = PersistedFramePreferencesSchema.parse({
      state: { preferences: { ...initialPreferences, connections: [stored] } },
      version: 2,
    });
    const [kept] = (parsed.state as { preferences: FramePreferences }).preferences.connections;
    expect(kept).toMatchObject({ connectorId: 'walletConnect', caipNetworkId: 'eip155:1' });
    expect(kept?.rdns).toBeUndefined();
    expect(kept?.explorerId).toBeUndefined();
  });

  it('a blob stored before these fields existed still loads, its connections whole', () => {
    const old = {
      connectorId: 'walletConnect',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:1',
      accounts: [{ address: '0x0000000000000000000000000000000000000001', type: 'eoa' }],
    };
    const parsed = PersistedFramePreferencesSchema.safeParse({
      state: { preferences: { ...initialPreferences, connections: [old] } },
      version: 2,
    });
    expect(parsed.success).toBe(true);
    const preferences = (parsed.data!.state as { preferences: FramePreferences }).preferences;
    expect(preferences.connections).toEqual([old]);
    expect(restoredWalletIds(preferences, walletConnect, 'eip155')).toEqual({ rdns: undefined, explorerId: undefined });
  });
});
