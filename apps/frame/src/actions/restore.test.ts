import { describe, expect, it } from 'vitest';
import { preferencesKey } from '../storage/keys.ts';
import {
  ACCOUNT_0,
  announcement,
  createFakeHost,
  createTestFrame,
  fakeWallet,
  flush,
  memoryStorage,
  testConfig,
} from '../testing/testFrame.ts';
import { connectInjected } from './connect.ts';
import { openModal } from './modal.ts';
import { handleWalletEvent } from '../handlers/walletEvent.ts';
import { connectionOf } from '../store/connection.ts';
import { announcedEntry } from '../connectors/injected/index.ts';

const devWallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
const otherWallet = announcement('Other Wallet', 'com.other', 2);
const KEY = preferencesKey(testConfig().parentOrigin);
const stored = (local: Storage) => JSON.parse(local.getItem(KEY)!).state.preferences;

/**
 * A reload whose remembered page wallet is announced late: the first frame connected the Dev Wallet,
 * the second starts on its storage with no wallet on the page (its reconnect waits). `announce()`
 * announces the wallet and resolves when the reconnect has settled.
 */
async function reloadBeforeAnnouncement() {
  const first = await createTestFrame({ wallets: [devWallet] });
  await connectInjected(first.frame, announcedEntry(devWallet));
  const fake = createFakeHost([]);
  const { frame } = await createTestFrame({ local: first.local, fake, start: false });
  const { startFrame } = await import('../app/start.ts');
  const restoring = startFrame(frame);
  await flush();
  const announce = async () => {
    fake.wallets = [devWallet];
    await handleWalletEvent(frame, { type: 'announced' });
    await restoring;
  };
  return { frame, announce };
}

describe('persistence and silent reconnect (spec §4)', () => {
  it('stores recent wallets, the connector and the network under the parent-origin key', async () => {
    const { frame, local } = await createTestFrame({
      wallets: [devWallet, otherWallet],
      wallet: fakeWallet({ chainId: '0x7a6a', knownChains: ['0x7a6a'] }),
    });
    await connectInjected(frame, announcedEntry(otherWallet));
    await connectInjected(frame, announcedEntry(devWallet));
    const ref = { type: 'injected', rdns: 'dev.airlock.wallet' };
    expect(stored(local!)).toEqual({
      recentWallets: ['dev.airlock.wallet', 'com.other'],
      activeCaipNetworkId: 'eip155:31338',
      connectedConnector: ref,
      // Spec §3: connected connectors per namespace, connections, disconnected ids, account types.
      connectedConnectors: { eip155: [ref] },
      connections: [
        {
          connectorId: devWallet.uuid,
          chainNamespace: 'eip155',
          caipNetworkId: 'eip155:31338',
          rdns: 'dev.airlock.wallet',
          accounts: [{ address: ACCOUNT_0, type: 'eoa' }],
        },
      ],
      disconnectedConnectorIds: [],
      preferredAccountTypes: { eip155: 'eoa' },
    });
    for (let i = 0; i < local!.length; i++) expect(local!.key(i)).toMatch(/^airlock:v1:http:\/\/localhost:15173:/);
  });

  it('reconnects silently after a reload with eth_accounts, without a prompt or the modal', async () => {
    const first = await createTestFrame({
      wallets: [devWallet],
      wallet: fakeWallet({ chainId: '0x7a6a', knownChains: ['0x7a6a'] }),
    });
    await connectInjected(first.frame, announcedEntry(devWallet));
    const { frame, fake } = await createTestFrame({
      local: first.local,
      wallets: [devWallet],
      wallet: fakeWallet({ chainId: '0x7a6a' }),
    });
    expect(connectionOf(frame.store.getState())).toMatchObject({
      status: 'connected',
      caipAddress: `eip155:31338:${ACCOUNT_0}`,
    });
    expect(frame.store.getState().preferences.recentWallets).toEqual(['dev.airlock.wallet']);
    expect(fake.requests.map((r) => r.request.method)).toEqual(['eth_accounts', 'eth_chainId']);
    expect(frame.store.getState().modal.open).toBe(false);
  });

  it("with the dapp's enableReconnect: false nothing reconnects: the remembered wallet is disconnected and forgotten (spec §4)", async () => {
    const first = await createTestFrame({
      wallets: [devWallet],
      wallet: fakeWallet({ chainId: '0x7a6a', knownChains: ['0x7a6a'] }),
    });
    await connectInjected(first.frame, announcedEntry(devWallet));
    const statuses: string[] = [];
    const { frame, fake, local } = await createTestFrame({
      config: { ...testConfig(), enableReconnect: false },
      local: first.local,
      wallets: [devWallet],
      wallet: fakeWallet({ chainId: '0x7a6a' }),
    });
    frame.store.subscribe((s) => statuses.push(connectionOf(s).status));
    await frame.runtime.restored;
    await flush();
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
    expect(statuses).not.toContain('connected');
    // Ended as a disconnect ends it (the page wallet is asked to withdraw the permission), and forgotten.
    expect(fake.requests.map((r) => r.request.method)).toContain('wallet_revokePermissions');
    expect(stored(local!)).toMatchObject({ connectedConnector: null, connectedConnectors: {}, connections: [] });
    // The next load, even with reconnect on, has nothing to restore.
    const next = await createTestFrame({ local, wallets: [devWallet], wallet: fakeWallet({ chainId: '0x7a6a' }) });
    expect(connectionOf(next.frame.store.getState()).status).toBe('disconnected');
    expect(next.fake.requests).toEqual([]);
  });

  it('another origin of the same site (same storage partition) does not restore the session', async () => {
    const first = await createTestFrame({ wallets: [devWallet] });
    await connectInjected(first.frame, announcedEntry(devWallet));
    const other = { ...testConfig(), parentOrigin: 'http://localhost:15999' };
    const { frame, fake } = await createTestFrame({ config: other, local: first.local, wallets: [devWallet] });
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
    expect(fake.requests).toEqual([]);
  });

  it('waits for the remembered wallet to be announced after the reload', async () => {
    const { frame, announce } = await reloadBeforeAnnouncement();
    expect(connectionOf(frame.store.getState())).toMatchObject({ status: 'connecting', address: null });
    await announce();
    expect(connectionOf(frame.store.getState()).status).toBe('connected');
  });

  it('a modal the visitor opened while the reconnect ran goes on to Account when it succeeds', async () => {
    const { frame, announce } = await reloadBeforeAnnouncement();
    // No address yet: open() shows Connect (spec §2).
    openModal(frame);
    expect(frame.store.getState().modal.stack).toEqual([{ view: 'Connect' }]);
    await announce();
    expect(connectionOf(frame.store.getState()).status).toBe('connected');
    expect(frame.store.getState().modal).toMatchObject({ open: true, stack: [{ view: 'Account' }] });
  });

  it('a modal opened on another view while the reconnect ran stays on it', async () => {
    const { frame, announce } = await reloadBeforeAnnouncement();
    openModal(frame, { view: 'Networks' });
    await announce();
    expect(connectionOf(frame.store.getState()).status).toBe('connected');
    expect(frame.store.getState().modal.stack).toEqual([{ view: 'Networks' }]);
  });

  it('an empty eth_accounts leaves the widget disconnected and forgets the connector', async () => {
    const first = await createTestFrame({ wallets: [devWallet] });
    await connectInjected(first.frame, announcedEntry(devWallet));
    const { frame, local } = await createTestFrame({
      local: first.local,
      wallets: [devWallet],
      wallet: fakeWallet({ accounts: [] }),
    });
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
    expect(stored(local!).connectedConnector).toBeNull();
  });

  it('falls back to the first network when the stored one is not configured', async () => {
    const local = memoryStorage({
      [KEY]: JSON.stringify({
        state: { preferences: { recentWallets: [], activeCaipNetworkId: 'eip155:999', connectedConnector: null } },
        version: 1,
      }),
    });
    const { frame } = await createTestFrame({ local });
    expect(connectionOf(frame.store.getState()).caipNetworkId).toBe('eip155:31337');
  });
});

describe('persistence when the frame may not use its own storage (third-party storage blocked)', () => {
  it('keeps only preferences in the blob on the dapp origin and restores the connection from it', async () => {
    const first = await createTestFrame({
      local: null,
      wallets: [devWallet],
      wallet: fakeWallet({ chainId: '0x7a6a', knownChains: ['0x7a6a'] }),
    });
    await connectInjected(first.frame, announcedEntry(devWallet));
    await flush();
    expect(JSON.parse(first.fake.blob!)).toEqual({
      state: {
        preferences: {
          recentWallets: ['dev.airlock.wallet'],
          activeCaipNetworkId: 'eip155:31338',
          connectedConnector: { type: 'injected', rdns: 'dev.airlock.wallet' },
          connectedConnectors: { eip155: [{ type: 'injected', rdns: 'dev.airlock.wallet' }] },
          connections: [
            {
              connectorId: devWallet.uuid,
              chainNamespace: 'eip155',
              caipNetworkId: 'eip155:31338',
              rdns: 'dev.airlock.wallet',
              accounts: [{ address: ACCOUNT_0, type: 'eoa' }],
            },
          ],
          disconnectedConnectorIds: [],
          preferredAccountTypes: { eip155: 'eoa' },
        },
      },
      version: 2,
    });
    // Reload: a fresh frame, the same dapp-origin blob.
    const fake = createFakeHost([devWallet], fakeWallet({ chainId: '0x7a6a' }));
    fake.blob = first.fake.blob;
    const { frame } = await createTestFrame({ local: null, fake });
    expect(connectionOf(frame.store.getState())).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31338' });
    expect(fake.requests.map((r) => r.request.method)).toEqual(['eth_accounts', 'eth_chainId']);
  });

  it('WalletConnect secrets never reach the blob: they stay in memory and the UI is told so', async () => {
    const { frame, fake } = await createTestFrame({ local: null });
    frame.secrets.set('wc:wc@2:core:0.3//keychain', '{"client_ed25519_seed":"00"}');
    frame.store.setState((s) => ({ preferences: { ...s.preferences, recentWallets: ['x'] } }));
    await flush();
    expect(fake.blob).not.toContain('keychain');
    expect(fake.blob).not.toContain('client_ed25519_seed');
    expect(frame.secrets.mode).toBe('memory');
    expect(frame.store.getState().secrets.mode).toBe('memory');
  });

  it('ignores a malformed or foreign blob and starts disconnected', async () => {
    for (const blob of [
      '{not json',
      JSON.stringify({ 'airlock:wc:keychain': 'x' }),
      JSON.stringify({ state: { preferences: { recentWallets: 'x' } }, version: 1 }),
    ]) {
      const fake = createFakeHost([devWallet]);
      fake.blob = blob;
      const { frame } = await createTestFrame({ local: null, fake });
      expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
      expect(fake.requests).toEqual([]);
    }
  });
});

describe("a restored connection keeps its wallet's rdns and explorerId (spec §3 connectedWalletInfo)", () => {
  it('the persisted listing id comes back with the connection after a reload', async () => {
    const first = await createTestFrame({ wallets: [devWallet] });
    await connectInjected(first.frame, announcedEntry(devWallet));
    const blob = JSON.parse(first.local!.getItem(KEY)!);
    expect(blob.state.preferences.connections[0].rdns).toBe('dev.airlock.wallet');
    blob.state.preferences.connections[0].explorerId = 'dev-wallet';
    first.local!.setItem(KEY, JSON.stringify(blob));
    const { frame } = await createTestFrame({ local: first.local, wallets: [devWallet] });
    expect(connectionOf(frame.store.getState()).wallet).toMatchObject({
      rdns: 'dev.airlock.wallet',
      explorerId: 'dev-wallet',
    });
  });
});

describe('persisted preferences of the previous version (1) are migrated, not dropped', () => {
  it('a version-1 blob restores its connection silently and is rewritten as version 2', async () => {
    const ref = { type: 'injected', rdns: 'dev.airlock.wallet' };
    const local = memoryStorage({
      [KEY]: JSON.stringify({
        state: {
          preferences: {
            recentWallets: ['dev.airlock.wallet'],
            activeCaipNetworkId: 'eip155:31338',
            connectedConnector: ref,
          },
        },
        version: 1,
      }),
    });
    const { frame, fake } = await createTestFrame({
      local,
      wallets: [devWallet],
      wallet: fakeWallet({ chainId: '0x7a6a' }),
    });
    expect(connectionOf(frame.store.getState())).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31338' });
    expect(fake.requests.map((r) => r.request.method)).toEqual(['eth_accounts', 'eth_chainId']);
    await flush();
    const blob = JSON.parse(local.getItem(KEY)!);
    expect(blob.version).toBe(2);
    expect(blob.state.preferences).toMatchObject({
      recentWallets: ['dev.airlock.wallet'],
      activeCaipNetworkId: 'eip155:31338',
      connectedConnectors: { eip155: [ref] },
      disconnectedConnectorIds: [],
    });
  });

  it('a blob of an unknown version or shape is dropped (nothing restored, nothing asked)', async () => {
    const local = memoryStorage({
      [KEY]: JSON.stringify({ state: { preferences: { connectedConnector: { type: 'walletConnect' } } }, version: 7 }),
    });
    const { frame, fake } = await createTestFrame({ local, wallets: [devWallet] });
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
    expect(fake.requests).toEqual([]);
  });
});
