import { describe, expect, it } from 'vitest';
import { ACCOUNT_0, ACCOUNT_1 } from '../testing/testFrame.ts';
import { connectionOf } from './connection.ts';
import {
  initialConnections,
  withAccounts,
  withConnection,
  withoutConnection,
  type WalletConnection,
} from './connections.ts';
import { idleOn } from './state.ts';

const SOLANA = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
const SOL_ACCOUNT = 'So11111111111111111111111111111111111111112';

const connection = (connectorId: string, address: string, caipNetworkId = 'eip155:31337'): WalletConnection => ({
  connectorId,
  type: 'ANNOUNCED',
  chainNamespace: caipNetworkId.split(':')[0]!,
  name: connectorId,
  icon: 'data:image/png;base64,',
  accounts: [{ address, type: 'smartAccount' }],
  caipNetworkId: caipNetworkId as WalletConnection['caipNetworkId'],
});

describe('connectionOf: the shown connection, derived from the connections and the active network', () => {
  it('is the active connection of the active network’s namespace, on its own network, with its account type', () => {
    let connections = withConnection(initialConnections, connection('a', ACCOUNT_0, 'eip155:31338'), true);
    connections = withConnection(connections, connection('s', SOL_ACCOUNT, SOLANA), true);
    // The active slice says eip155 (a network of that namespace): the eip155 connection is shown on its own network.
    expect(connectionOf({ connections, active: idleOn('eip155:31337') })).toMatchObject({
      status: 'connected',
      wallet: { connectorId: 'a', type: 'ANNOUNCED', name: 'a' },
      address: ACCOUNT_0,
      caipAddress: `eip155:31338:${ACCOUNT_0}`,
      caipNetworkId: 'eip155:31338',
      accounts: [{ address: ACCOUNT_0, type: 'smartAccount' }],
      accountType: 'smartAccount',
    });
    expect(connectionOf({ connections, active: idleOn(SOLANA) })).toMatchObject({
      status: 'connected',
      wallet: { connectorId: 's' },
      address: SOL_ACCOUNT,
    });
  });

  it('follows every change of the connections with no write of its own: accounts, the end of the shown one', () => {
    let connections = withConnection(initialConnections, connection('a', ACCOUNT_0), true);
    connections = withConnection(connections, connection('b', ACCOUNT_1), true);
    const active = idleOn('eip155:31337');
    expect(connectionOf({ connections, active }).wallet?.connectorId).toBe('b');
    // The wallet's accountsChanged changes the connection only; the shown account follows.
    const moved = withAccounts(connections, 'b', 'eip155', [ACCOUNT_0, ACCOUNT_1]);
    expect(connectionOf({ connections: moved, active }).address).toBe(ACCOUNT_0);
    // The shown connection ends: the next of its namespace is shown; the last: disconnected, no account.
    const next = withoutConnection(connections, 'b', 'eip155');
    expect(connectionOf({ connections: next, active })).toMatchObject({
      address: ACCOUNT_0,
      wallet: { connectorId: 'a' },
    });
    expect(connectionOf({ connections: withoutConnection(next, 'a', 'eip155'), active })).toMatchObject({
      status: 'disconnected',
      wallet: null,
      address: null,
      caipAddress: null,
      accounts: [],
      accountType: null,
    });
  });

  it('says connecting only while a connect runs with nothing shown; a shown wallet stays connected meanwhile', () => {
    const connecting = { ...idleOn('eip155:31337'), connecting: true };
    expect(connectionOf({ connections: initialConnections, active: connecting }).status).toBe('connecting');
    const connections = withConnection(initialConnections, connection('a', ACCOUNT_0), false);
    expect(connectionOf({ connections, active: connecting }).status).toBe('connected');
  });

  it('shows a balance only for the account it was read for', () => {
    const connections = withConnection(initialConnections, connection('a', ACCOUNT_0), false);
    const read = { ...idleOn('eip155:31337'), balance: '1.5', balanceSymbol: 'ETH' };
    const mine = { ...read, balanceOf: `eip155:31337:${ACCOUNT_0}` as const };
    expect(connectionOf({ connections, active: mine })).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH' });
    const other = { ...read, balanceOf: `eip155:31337:${ACCOUNT_1}` as const };
    expect(connectionOf({ connections, active: other })).toMatchObject({ balance: null, balanceSymbol: null });
  });

  it('gives the same object for the same slices (a view selecting it re-renders only on a change)', () => {
    const state = {
      connections: withConnection(initialConnections, connection('a', ACCOUNT_0), false),
      active: idleOn('eip155:31337'),
    };
    expect(connectionOf(state)).toBe(connectionOf({ ...state }));
    expect(connectionOf(state)).not.toBe(connectionOf({ ...state, active: { ...state.active } }));
  });
});
