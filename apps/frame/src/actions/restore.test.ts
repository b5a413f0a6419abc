// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../stores/account.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { useConnectorsStore } from '../stores/connectors.ts';
import { useModalStore } from '../stores/modal.ts';
import { useNetworkStore } from '../stores/network.ts';
import { StorageKey, hydrateFromHost, initPersistence } from '../stores/persistence.ts';
import { hostStorageGet, hostStorageSet } from '../bridge/host.ts';
import { ACCOUNT_0, announcement, fakeWallet, installFakeHost, resetFrame, testConfig } from '../testing/fakeHost.ts';
import { connectWallet } from './connect.ts';
import { initNetwork } from './network.ts';
import { restoreSession } from './restore.ts';
import { handleWalletEvent } from './walletEvents.ts';

const devWallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
const otherWallet = announcement('Other Wallet', 'com.other', 2);
const connectorKey = `${StorageKey.connectedConnector}eip155`;

/** Simulates a reload: fresh stores, same localStorage. */
function reload(): void {
  const saved = { ...localStorage };
  resetFrame();
  for (const [key, value] of Object.entries(saved)) localStorage.setItem(key, value);
  initPersistence();
  initNetwork();
}

describe('persistence and silent reconnect (spec §4)', () => {
  beforeEach(() => resetFrame());

  it('stores recent wallets, the connector and the network with airlock: keys', async () => {
    installFakeHost([devWallet, otherWallet], fakeWallet({ chainId: '0x7a6a', knownChains: ['0x7a6a'] }));
    await connectWallet(otherWallet);
    await connectWallet(devWallet);
    expect(JSON.parse(localStorage.getItem(StorageKey.recentWallets)!)).toEqual(['dev.airlock.wallet', 'com.other']);
    expect(JSON.parse(localStorage.getItem(connectorKey)!)).toBe('dev.airlock.wallet');
    expect(JSON.parse(localStorage.getItem(StorageKey.activeCaipNetworkId)!)).toBe('eip155:31338');
    expect(Object.keys(localStorage).every((k) => k.startsWith('airlock:'))).toBe(true);
  });

  it('reconnects silently after a reload with eth_accounts, without a prompt or the modal', async () => {
    installFakeHost([devWallet], fakeWallet({ chainId: '0x7a6a', knownChains: ['0x7a6a'] }));
    await connectWallet(devWallet);
    reload();
    expect(useNetworkStore.getState().caipNetworkId).toBe('eip155:31338');
    const fake = installFakeHost([devWallet], fakeWallet({ chainId: '0x7a6a' }));
    await restoreSession();
    expect(useConnectionStore.getState().status).toBe('connected');
    expect(useAccountStore.getState().caipAddress).toBe(`eip155:31338:${ACCOUNT_0}`);
    expect(useConnectorsStore.getState().recent).toEqual(['dev.airlock.wallet']);
    expect(fake.requests.map((r) => r.request.method)).toEqual(['eth_accounts', 'eth_chainId']);
    expect(useModalStore.getState().open).toBe(false);
  });

  it('waits for the remembered wallet to be announced after the reload', async () => {
    installFakeHost([devWallet]);
    await connectWallet(devWallet);
    reload();
    const fake = installFakeHost([]);
    const restoring = restoreSession();
    expect(useConnectionStore.getState().status).toBe('connecting');
    fake.wallets = [devWallet];
    await handleWalletEvent({ type: 'announced' });
    await restoring;
    expect(useConnectionStore.getState().status).toBe('connected');
  });

  it('an empty eth_accounts leaves the widget disconnected and clears the remembered connector', async () => {
    installFakeHost([devWallet]);
    await connectWallet(devWallet);
    reload();
    installFakeHost([devWallet], fakeWallet({ accounts: [] }));
    await restoreSession();
    expect(useConnectionStore.getState().status).toBe('disconnected');
    expect(localStorage.getItem(connectorKey)).toBeNull();
  });

  it('falls back to the first network when the stored one is not configured', () => {
    localStorage.setItem(StorageKey.activeCaipNetworkId, JSON.stringify('eip155:999'));
    initNetwork();
    expect(useNetworkStore.getState().caipNetworkId).toBe(testConfig().networks[0]!.caipNetworkId);
  });
});

describe('persistence when the frame may not use its own localStorage (third-party storage blocked)', () => {
  beforeEach(() => resetFrame());
  afterEach(() => {
    vi.unstubAllGlobals();
    initPersistence();
  });

  const denyFrameStorage = () =>
    vi.stubGlobal('localStorage', {
      setItem: () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });

  it('keeps the connection in the blob on the dapp origin and restores it silently after a reload', async () => {
    denyFrameStorage();
    initPersistence();
    const before = installFakeHost([devWallet], fakeWallet({ chainId: '0x7a6a', knownChains: ['0x7a6a'] }));
    await hydrateFromHost(hostStorageGet, hostStorageSet);
    await connectWallet(devWallet);
    await new Promise((r) => setTimeout(r, 0));
    expect(JSON.parse(before.blob!)).toMatchObject({
      [connectorKey]: '"dev.airlock.wallet"',
      [StorageKey.activeCaipNetworkId]: '"eip155:31338"',
    });

    // Reload: a fresh frame with nothing in memory, the same dapp-origin blob.
    initPersistence();
    useConnectionStore.setState({ status: 'disconnected', connector: null });
    const after = installFakeHost([devWallet], fakeWallet({ chainId: '0x7a6a' }));
    after.blob = before.blob;
    await hydrateFromHost(hostStorageGet, hostStorageSet);
    initNetwork();
    expect(useNetworkStore.getState().caipNetworkId).toBe('eip155:31338');
    await restoreSession();
    expect(useConnectionStore.getState().status).toBe('connected');
    expect(after.requests.map((r) => r.request.method)).toEqual(['eth_accounts', 'eth_chainId']);
  });

  it('keeps a blob larger than 16 KiB (a WalletConnect session store grows with every request)', async () => {
    denyFrameStorage();
    initPersistence();
    const fake = installFakeHost([devWallet], fakeWallet({ chainId: '0x7a6a', knownChains: ['0x7a6a'] }));
    fake.blob = JSON.stringify({ [connectorKey]: '"dev.airlock.wallet"', 'airlock:wc:history': JSON.stringify('x'.repeat(200_000)) });
    await hydrateFromHost(hostStorageGet, hostStorageSet);
    await restoreSession();
    expect(useConnectionStore.getState().status).toBe('connected');
  });

  it('ignores a malformed blob and starts disconnected', async () => {
    denyFrameStorage();
    initPersistence();
    const fake = installFakeHost([devWallet]);
    fake.blob = '{not json';
    await hydrateFromHost(hostStorageGet, hostStorageSet);
    await restoreSession();
    expect(useConnectionStore.getState().status).toBe('disconnected');
    expect(fake.requests).toEqual([]);
  });
});
