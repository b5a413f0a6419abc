import { ok, SOLANA_NETWORKS, type WidgetState } from '@airlock/protocol';
import { describe, expect, it, vi } from 'vitest';
import { lookupName } from '../actions/namesLookup.ts';
import { recordConnection } from '../actions/connection.ts';
import { openOnNamespace } from '../actions/openNamespace.ts';
import { startPairing } from '../actions/walletConnect.ts';
import { createApiClient } from '../api/client.ts';
import { ACCOUNT_0, createTestFrame, testConfig } from '../testing/testFrame.ts';
import type { Frame } from './frame.ts';
import { idleOn } from './state.ts';
import { widgetState } from './widgetState.ts';

// What the dapp's state carries beyond the shown connection (spec §3 account and modal state, §4 status).

const connect = (frame: Frame) =>
  recordConnection(
    frame,
    frame.connectors.walletConnect,
    { accounts: [ACCOUNT_0], chainId: 31337, name: 'W', icon: 'data:image/png;base64,' },
    { silent: true },
  );
const published = (frame: Frame): WidgetState => widgetState(frame.store.getState());
const withSolana = () => {
  const config = testConfig();
  return { ...config, networks: [...config.networks, SOLANA_NETWORKS.devnet] };
};

describe('status per namespace (spec §4)', () => {
  it('disconnected: the shown namespace only; connected on eip155 and shown on Solana: eip155 connected, solana disconnected', async () => {
    const { frame } = await createTestFrame({ config: withSolana(), start: false });
    expect(published(frame).statusByNamespace).toEqual({ eip155: 'disconnected' });
    frame.store.setState((s) => ({ active: { ...s.active, connecting: true } }));
    expect(published(frame).statusByNamespace).toEqual({ eip155: 'connecting' });
    frame.store.setState((s) => ({ active: { ...s.active, connecting: false } }));
    connect(frame);
    expect(published(frame).statusByNamespace).toEqual({ eip155: 'connected' });
    // A Solana network shown (a wallet of another namespace picked it): its status is disconnected,
    // the eip155 connection stays.
    frame.store.setState({ active: idleOn(SOLANA_NETWORKS.devnet.caipNetworkId) });
    expect(published(frame)).toMatchObject({
      status: 'disconnected',
      chainNamespace: 'solana',
      statusByNamespace: { eip155: 'connected', solana: 'disconnected' },
    });
  });
});

describe('modal loading (spec §3 modal state)', () => {
  it('is true while open({ namespace }) switches the network, false before and once the modal shows', async () => {
    const { frame } = await createTestFrame({ config: withSolana(), start: false });
    const seen: boolean[] = [];
    frame.store.subscribe((s) => seen.push(widgetState(s).loading === true));
    expect(published(frame).loading).toBe(false);
    await openOnNamespace(frame, 'solana', undefined);
    expect(seen).toContain(true);
    expect(published(frame)).toMatchObject({ loading: false, open: true, chainNamespace: 'solana' });
  });
});

describe('profile name and image (spec §3 account state)', () => {
  it("carry the connected account's identity once read; null while disconnected", async () => {
    const fetch = async () =>
      new Response(JSON.stringify({ name: 'alice.reown.id', avatar: 'https://img.test/alice.png' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const api = createApiClient({ baseUrl: 'http://api.test', projectId: 'p', fetch, sleep: async () => {} });
    const { frame } = await createTestFrame({ start: false, api });
    expect(published(frame)).toMatchObject({ profileName: null, profileImage: null });
    connect(frame);
    await lookupName(frame, ACCOUNT_0);
    expect(published(frame)).toMatchObject({
      profileName: 'alice.reown.id',
      profileImage: 'https://img.test/alice.png',
    });
  });
});

describe("the connector's explorer id (spec §3 Connector explorerId)", () => {
  it('a WalletConnect wallet picked in the listing carries its listing id to the dapp; a connection made without the listing has none', async () => {
    const { frame } = await createTestFrame({ start: false });
    vi.spyOn(frame.connectors.walletConnect, 'connect').mockResolvedValue(
      ok({ accounts: [ACCOUNT_0], chainId: 31337, name: 'Peer', icon: 'data:image/png;base64,' }),
    );
    const listed = { id: 'c57ca95b47569778a828d19178114f4db188b89b', name: 'MetaMask', rdns: null };
    await startPairing(frame, listed);
    expect(published(frame).connectedWalletInfo).toMatchObject({
      name: 'MetaMask',
      type: 'WALLET_CONNECT',
      explorerId: 'c57ca95b47569778a828d19178114f4db188b89b',
    });
    connect(frame);
    expect(published(frame).connectedWalletInfo).not.toHaveProperty('explorerId');
  });
});
