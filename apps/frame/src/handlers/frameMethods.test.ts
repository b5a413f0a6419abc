import { beforeEach, describe, expect, it } from 'vitest';
import type { FrameMethods } from '@airlock/protocol';
import { useAccountStore } from '../stores/account.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { useModalStore } from '../stores/modal.ts';
import { useNetworkStore } from '../stores/network.ts';
import { useRouterStore } from '../stores/router.ts';
import { ACCOUNT_0, ACCOUNT_1, announcement, flush, installFakeHost, resetFrame, type FakeHost } from '../testing/fakeHost.ts';
import { createFrameMethods } from './frameMethods.ts';

const devWallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
const views = () => useRouterStore.getState().stack.map((r) => r.view);

/** Calls a frame method as penpal would, with untyped arguments. */
const call = (methods: FrameMethods, name: keyof FrameMethods, ...args: unknown[]) =>
  (methods[name] as (...a: unknown[]) => Promise<unknown>)(...args);

describe('frame methods', () => {
  let fake: FakeHost;
  let methods: FrameMethods;
  beforeEach(() => {
    resetFrame();
    fake = installFakeHost([devWallet]);
    methods = createFrameMethods();
  });

  it('answers malformed input with -32602 and changes nothing', async () => {
    const before = JSON.stringify(await call(methods, 'getState'));
    for (const [name, args] of [
      ['open', [{ view: 'Nowhere' }]],
      ['open', ['Connect']],
      ['request', [{ method: 'eth_chainId' }]],
      ['request', [{ method: 'eth_chainId', chainNamespace: 'eip155', extra: 1 }]],
      ['switchNetwork', ['not-a-caip-id']],
      ['walletEvent', [{ type: 'accountsChanged', accounts: 'x' }]],
      ['close', [1]],
    ] as const) {
      const result = await call(methods, name, ...args);
      expect(result, name).toMatchObject({ ok: false, error: { code: -32602 } });
    }
    expect(JSON.stringify(await call(methods, 'getState'))).toBe(before);
    expect(fake.layouts).toEqual([]);
  });

  it('open() shows Connect, connecting a wallet closes the modal and open() resolves with the account', async () => {
    const opened = call(methods, 'open');
    expect(views()).toEqual(['Connect']);
    await flush();
    const { connectWallet } = await import('../actions/connect.ts');
    await connectWallet(devWallet);
    await expect(opened).resolves.toEqual({ ok: true, value: { caipAddress: `eip155:31337:${ACCOUNT_0}` } });
    expect(useModalStore.getState().open).toBe(false);
    expect(fake.providerEvents()).toEqual(['connect {"chainId":"0x7a69"}', `accountsChanged ["${ACCOUNT_0}"]`]);
    const state = await call(methods, 'getState');
    expect(state).toMatchObject({ ok: true, value: { status: 'connected', address: ACCOUNT_0, connectedWalletInfo: { name: 'Dev Wallet' } } });
  });

  it('a rejected connection shows the rejection and rejects a pending eth_requestAccounts with 4001', async () => {
    fake.wallet.reject.add('eth_requestAccounts');
    const pending = call(methods, 'request', { method: 'eth_requestAccounts', chainNamespace: 'eip155' });
    await flush();
    expect(useModalStore.getState().open).toBe(true);
    const { connectWallet } = await import('../actions/connect.ts');
    await connectWallet(devWallet);
    await expect(pending).resolves.toEqual({ ok: false, error: { code: 4001, message: 'Connection rejected' } });
    expect(views()).toEqual(['Connect', 'ConnectingExternal']);
    expect(useConnectionStore.getState()).toMatchObject({ status: 'disconnected', connectError: { code: 4001 } });
  });

  it('eth_requestAccounts while disconnected rejects with 4001 Modal closed when the modal closes first', async () => {
    const pending = call(methods, 'request', { method: 'eth_requestAccounts', chainNamespace: 'eip155' });
    await flush();
    await call(methods, 'close');
    await expect(pending).resolves.toEqual({ ok: false, error: { code: 4001, message: 'Modal closed' } });
  });

  it('wallet accountsChanged and chainChanged update the state and reach the dapp; empty accounts disconnect', async () => {
    const { connectWallet } = await import('../actions/connect.ts');
    await connectWallet(devWallet);
    fake.events.length = 0;
    await call(methods, 'walletEvent', { type: 'accountsChanged', uuid: devWallet.uuid, accounts: [ACCOUNT_1.toLowerCase()] });
    await call(methods, 'walletEvent', { type: 'chainChanged', uuid: devWallet.uuid, chainId: '0x7a6a' });
    expect(useAccountStore.getState().caipAddress).toBe(`eip155:31338:${ACCOUNT_1}`);
    await call(methods, 'walletEvent', { type: 'chainChanged', uuid: 'another-wallet', chainId: '0x1' });
    expect(useNetworkStore.getState().caipNetworkId).toBe('eip155:31338');
    await call(methods, 'walletEvent', { type: 'accountsChanged', uuid: devWallet.uuid, accounts: [] });
    expect(useConnectionStore.getState().status).toBe('disconnected');
    expect(fake.providerEvents()).toEqual([
      `accountsChanged ["${ACCOUNT_1}"]`,
      'chainChanged "0x7a6a"',
      'accountsChanged []',
      'disconnect {"code":4900,"message":"Disconnected"}',
    ]);
  });

  it('switchNetwork: 4901 Network Not Found when not configured; adds the chain on 4902 then switches', async () => {
    expect(await call(methods, 'switchNetwork', 'eip155:1')).toMatchObject({
      ok: false,
      error: { code: 4901, message: expect.stringContaining('Network Not Found') },
    });
    const { connectWallet } = await import('../actions/connect.ts');
    await connectWallet(devWallet);
    fake.events.length = 0;
    expect(await call(methods, 'switchNetwork', 'eip155:31338')).toEqual({ ok: true, value: null });
    expect(fake.requests.map((r) => r.request.method).slice(-3)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    const add = fake.requests.find((r) => r.request.method === 'wallet_addEthereumChain')!.request.params as unknown[];
    expect(add[0]).toMatchObject({ chainId: '0x7a6a', chainName: 'Anvil B', rpcUrls: ['http://127.0.0.1:2'] });
    expect(fake.providerEvents()).toEqual(['chainChanged "0x7a6a"']);
    expect(await call(methods, 'switchNetwork', 'eip155:31338')).toEqual({ ok: true, value: null });
    expect(fake.providerEvents()).toEqual(['chainChanged "0x7a6a"']);
  });

  it('disconnect() resets the account, emits accountsChanged [] and disconnect 4900, and closes the modal', async () => {
    const { connectWallet } = await import('../actions/connect.ts');
    await connectWallet(devWallet);
    const opened = call(methods, 'open', { view: 'Account' });
    expect(views()).toEqual(['Account']);
    fake.events.length = 0;
    expect(await call(methods, 'disconnect')).toEqual({ ok: true, value: null });
    expect(useConnectionStore.getState()).toMatchObject({ status: 'disconnected', connector: null });
    expect(useAccountStore.getState()).toMatchObject({ address: null, caipAddress: null, balance: null });
    expect(useModalStore.getState().open).toBe(false);
    await expect(opened).resolves.toEqual({ ok: true, value: { caipAddress: null } });
    expect(fake.providerEvents()).toEqual(['accountsChanged []', 'disconnect {"code":4900,"message":"Disconnected"}']);
  });
});
