import { describe, expect, it } from 'vitest';
import { connectInjected } from '../actions/connect.ts';
import {
  ACCOUNT_0,
  ACCOUNT_1,
  announcement,
  createTestFrame,
  fakeWallet,
  flush,
  testConfig,
} from '../testing/testFrame.ts';
import {
  connectionsOn,
  deletedConnection,
  initialConnections,
  switchedConnection,
  withConnection,
  withoutConnection,
  type WalletConnection,
} from './connections.ts';
import { idleOn } from './state.ts';
import { connectionOf } from './connection.ts';
import { announcedEntry } from '../connectors/injected/index.ts';

const devWallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
const otherWallet = announcement('Other Wallet', 'com.other', 2);

const connection = (connectorId: string, address: string, chainNamespace = 'eip155'): WalletConnection => ({
  connectorId,
  type: 'ANNOUNCED',
  chainNamespace,
  name: connectorId,
  icon: 'data:image/png;base64,',
  accounts: [{ address, type: 'eoa' }],
  caipNetworkId: chainNamespace === 'eip155' ? 'eip155:31337' : 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
});

describe('connections: one per connector and namespace, one active per namespace (spec §3, §6)', () => {
  it('multiWallet off: a new connection replaces the others', () => {
    const one = withConnection(initialConnections, connection('a', ACCOUNT_0), false);
    const two = withConnection(one, connection('b', ACCOUNT_1), false);
    expect(two.list.map((c) => c.connectorId)).toEqual(['b']);
    expect(two.active).toEqual({ eip155: 'b' });
  });

  it('multiWallet on: a new connection keeps the others, goes first and is active in its namespace only', () => {
    let state = withConnection(initialConnections, connection('a', ACCOUNT_0), true);
    state = withConnection(state, connection('s', 'Sol1111111111111111111111111111111111111111', 'solana'), true);
    state = withConnection(state, connection('b', ACCOUNT_1), true);
    expect(state.active).toEqual({ eip155: 'b', solana: 's' });
    expect(connectionsOn({ connections: state }, 'eip155').map((c) => [c.connectorId, c.active])).toEqual([
      ['b', true],
      ['a', false],
    ]);
    // The same connector and namespace again: replaced, not doubled.
    state = withConnection(state, connection('a', ACCOUNT_1), true);
    expect(connectionsOn({ connections: state }, 'eip155').map((c) => c.connectorId)).toEqual(['a', 'b']);
  });

  it('removing the active connection makes the next of its namespace active; the last leaves none', () => {
    let state = withConnection(initialConnections, connection('a', ACCOUNT_0), true);
    state = withConnection(state, connection('b', ACCOUNT_1), true);
    state = withoutConnection(state, 'b', 'eip155');
    expect(state.active).toEqual({ eip155: 'a' });
    expect(withoutConnection(state, 'a', 'eip155')).toEqual({ list: [], active: {} });
  });

  it('switchedConnection shows the chosen connection; deletedConnection shows the next, then disconnected', () => {
    const config = testConfig();
    let connections = withConnection(initialConnections, connection('a', ACCOUNT_0), true);
    connections = withConnection(connections, connection('b', ACCOUNT_1), true);
    const shownB = { connections, active: idleOn('eip155:31337') };
    expect(connectionOf(shownB)).toMatchObject({
      status: 'connected',
      address: ACCOUNT_1,
      wallet: { connectorId: 'b' },
    });
    const switched = switchedConnection(shownB, 'a', 'eip155')!;
    expect(switched.connections.active).toEqual({ eip155: 'a' });
    expect(connectionOf(switched)).toMatchObject({
      status: 'connected',
      address: ACCOUNT_0,
      wallet: { connectorId: 'a' },
    });
    expect(switchedConnection(shownB, 'nobody', 'eip155')).toBeNull();
    const deleted = deletedConnection(switched, config, 'a', 'eip155')!;
    expect(connectionOf(deleted)).toMatchObject({
      status: 'connected',
      address: ACCOUNT_1,
      wallet: { connectorId: 'b' },
    });
    const none = deletedConnection(deleted, config, 'b', 'eip155')!;
    expect(connectionOf(none)).toMatchObject({ status: 'disconnected', address: null, caipNetworkId: 'eip155:31337' });
    expect(none.connections).toEqual({ list: [], active: {} });
  });
});

describe('connecting a second wallet (the multiWallet feature)', () => {
  const withFeature = (multiWallet: boolean) => ({ ...testConfig(), features: { multiWallet } });

  it('on: the first connection stays; the dapp gets accountsChanged for the new active account once', async () => {
    const { frame, fake } = await createTestFrame({
      config: withFeature(true),
      wallets: [devWallet, otherWallet],
      wallet: fakeWallet(),
    });
    await connectInjected(frame, announcedEntry(devWallet));
    fake.wallet.accounts = [ACCOUNT_1];
    const before = fake.providerEvents().length;
    await connectInjected(frame, announcedEntry(otherWallet));
    await flush();
    const listed = connectionsOn(frame.store.getState(), 'eip155');
    expect(listed.map((c) => [c.connectorId, c.accounts[0]!.address, c.active])).toEqual([
      [otherWallet.uuid, ACCOUNT_1, true],
      [devWallet.uuid, ACCOUNT_0, false],
    ]);
    expect(connectionOf(frame.store.getState()).address).toBe(ACCOUNT_1);
    expect(fake.providerEvents().slice(before)).toEqual([`accountsChanged ["${ACCOUNT_1}"]`]);
    expect(frame.store.getState().preferences.connectedConnectors.eip155).toEqual([
      { type: 'injected', rdns: 'com.other' },
      { type: 'injected', rdns: 'dev.airlock.wallet' },
    ]);
  });

  it('off: one connection at a time, as before', async () => {
    const { frame, fake } = await createTestFrame({
      config: withFeature(false),
      wallets: [devWallet, otherWallet],
      wallet: fakeWallet(),
    });
    await connectInjected(frame, announcedEntry(devWallet));
    fake.wallet.accounts = [ACCOUNT_1];
    await connectInjected(frame, announcedEntry(otherWallet));
    expect(connectionsOn(frame.store.getState(), 'eip155').map((c) => c.connectorId)).toEqual([otherWallet.uuid]);
    expect(frame.store.getState().preferences.connectedConnectors).toEqual({
      eip155: [{ type: 'injected', rdns: 'com.other' }],
    });
  });

  it('on: a reload restores every connection its connector can restore, the most recent shown', async () => {
    const first = await createTestFrame({ config: withFeature(true), wallets: [devWallet, otherWallet] });
    await connectInjected(first.frame, announcedEntry(devWallet));
    await connectInjected(first.frame, announcedEntry(otherWallet));
    await flush();
    const { frame } = await createTestFrame({
      config: withFeature(true),
      local: first.local,
      wallets: [devWallet, otherWallet],
    });
    expect(connectionsOn(frame.store.getState(), 'eip155').map((c) => [c.connectorId, c.active])).toEqual([
      [otherWallet.uuid, true],
      [devWallet.uuid, false],
    ]);
    expect(connectionOf(frame.store.getState())).toMatchObject({
      status: 'connected',
      wallet: { connectorId: otherWallet.uuid },
    });
  });
});
