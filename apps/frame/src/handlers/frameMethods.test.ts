import { describe, expect, it } from 'vitest';
import type { FrameMethods } from '@airlock/protocol';
import { connectInjected } from '../actions/connect.ts';
import { recordConnection } from '../actions/connection.ts';
import type { Frame } from '../store/frame.ts';
import { widgetState } from '../store/widgetState.ts';
import { ACCOUNT_0, ACCOUNT_1, announcement, createTestFrame, flush, type FakeHost } from '../testing/testFrame.ts';
import { createFrameMethods } from './frameMethods.ts';
import { connectionOf } from '../store/connection.ts';
import { announcedEntry } from '../connectors/injected/index.ts';

const devWallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);

/** Calls a frame method as penpal would, with untyped arguments. */
const call = (methods: FrameMethods, name: keyof FrameMethods, ...args: unknown[]) =>
  (methods[name] as (...a: unknown[]) => Promise<unknown>)(...args);

async function setup(): Promise<{ frame: Frame; fake: FakeHost; methods: FrameMethods }> {
  const { frame, fake } = await createTestFrame({ wallets: [devWallet] });
  return { frame, fake, methods: createFrameMethods(frame) };
}
const views = (frame: Frame) => frame.store.getState().modal.stack.map((r) => r.view);

describe('frame methods', () => {
  it('answers malformed input with -32602 and changes nothing', async () => {
    const { methods, fake } = await setup();
    const before = JSON.stringify(await call(methods, 'getState'));
    fake.layouts.length = 0;
    for (const [name, args] of [
      ['open', [{ view: 'Nowhere' }]],
      ['open', ['Connect']],
      ['request', [{ method: 'eth_chainId' }]],
      ['request', [{ method: 'eth_chainId', chainNamespace: 'eip155', extra: 1 }]],
      ['switchNetwork', ['not-a-caip-id']],
      ['walletEvent', [{ type: 'accountsChanged', accounts: 'x' }]],
      ['close', [1]],
    ] as const) {
      expect(await call(methods, name, ...args), name).toMatchObject({ ok: false, error: { code: -32602 } });
    }
    expect(JSON.stringify(await call(methods, 'getState'))).toBe(before);
    expect(fake.layouts).toEqual([]);
  });

  it('open() shows Connect, connecting a wallet closes the modal and open() resolves with the account', async () => {
    const { frame, fake, methods } = await setup();
    fake.events.length = 0;
    const opened = call(methods, 'open');
    expect(views(frame)).toEqual(['Connect']);
    await flush();
    await connectInjected(frame, announcedEntry(devWallet));
    await expect(opened).resolves.toEqual({ ok: true, value: { caipAddress: `eip155:31337:${ACCOUNT_0}` } });
    expect(frame.store.getState().modal.open).toBe(false);
    expect(fake.providerEvents()).toEqual(['connect {"chainId":"0x7a69"}', `accountsChanged ["${ACCOUNT_0}"]`]);
    expect(fake.layouts).toEqual([true, false]);
    expect(await call(methods, 'getState')).toMatchObject({
      ok: true,
      value: { status: 'connected', address: ACCOUNT_0, connectedWalletInfo: { name: 'Dev Wallet' } },
    });
  });

  it('a connect emits exactly one connected state, never a torn one', async () => {
    const { frame, fake, methods } = await setup();
    fake.events.length = 0;
    void call(methods, 'open');
    await flush();
    await connectInjected(frame, announcedEntry(devWallet));
    await flush();
    const states = fake.events.flatMap((e) => (e.type === 'state' ? [e.state] : []));
    expect(states.filter((s) => s.status === 'connected')).toHaveLength(1);
    for (const s of states) {
      if (s.status === 'connected') expect(s.caipAddress).toBe(`${s.caipNetworkId}:${s.address}`);
      else expect(s.address).toBeNull();
    }
  });

  it('a rejected connection shows the rejection; the pending eth_requestAccounts gets 4001 when the modal closes', async () => {
    const { frame, fake, methods } = await setup();
    fake.wallet.reject.add('eth_requestAccounts');
    let settled = false;
    const pending = call(methods, 'request', { method: 'eth_requestAccounts', chainNamespace: 'eip155' });
    void pending.then(() => (settled = true));
    await flush();
    expect(frame.store.getState().modal.open).toBe(true);
    await connectInjected(frame, announcedEntry(devWallet));
    await flush();
    expect(views(frame)).toEqual(['Connect', 'ConnectingExternal']);
    expect(connectionOf(frame.store.getState())).toMatchObject({ status: 'disconnected', error: { code: 4001 } });
    // The modal is still open: the visitor can still connect, so the dapp still waits.
    expect(settled).toBe(false);
    await call(methods, 'close');
    await expect(pending).resolves.toEqual({ ok: false, error: { code: 4001, message: 'Connection rejected' } });
  });

  it("a rejection then 'Try again' that connects answers the pending eth_requestAccounts with the account", async () => {
    const { frame, fake, methods } = await setup();
    fake.wallet.reject.add('eth_requestAccounts');
    const pending = call(methods, 'request', { method: 'eth_requestAccounts', chainNamespace: 'eip155' });
    await flush();
    await connectInjected(frame, announcedEntry(devWallet));
    fake.wallet.reject.delete('eth_requestAccounts');
    await connectInjected(frame, announcedEntry(devWallet));
    const { address } = connectionOf(frame.store.getState());
    await expect(pending).resolves.toEqual({ ok: true, value: [address] });
  });

  it('eth_requestAccounts while disconnected rejects with 4001 Modal closed when the modal closes first', async () => {
    const { methods } = await setup();
    const pending = call(methods, 'request', { method: 'eth_requestAccounts', chainNamespace: 'eip155' });
    await flush();
    await call(methods, 'close');
    await expect(pending).resolves.toEqual({ ok: false, error: { code: 4001, message: 'Modal closed' } });
  });

  it('wallet accountsChanged and chainChanged update the state and reach the dapp; empty accounts disconnect', async () => {
    const { frame, fake, methods } = await setup();
    await connectInjected(frame, announcedEntry(devWallet));
    await flush();
    fake.events.length = 0;
    await call(methods, 'walletEvent', {
      type: 'accountsChanged',
      uuid: devWallet.uuid,
      accounts: [ACCOUNT_1.toLowerCase()],
    });
    await call(methods, 'walletEvent', { type: 'chainChanged', uuid: devWallet.uuid, chainId: '0x7a6a' });
    expect(connectionOf(frame.store.getState()).caipAddress).toBe(`eip155:31338:${ACCOUNT_1}`);
    await call(methods, 'walletEvent', { type: 'chainChanged', uuid: 'another-wallet', chainId: '0x1' });
    expect(connectionOf(frame.store.getState()).caipNetworkId).toBe('eip155:31338');
    await call(methods, 'walletEvent', { type: 'accountsChanged', uuid: devWallet.uuid, accounts: [] });
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
    expect(fake.providerEvents()).toEqual([
      `accountsChanged ["${ACCOUNT_1}"]`,
      'chainChanged "0x7a6a"',
      'accountsChanged []',
      'disconnect {"code":4900,"message":"Disconnected"}',
    ]);
  });

  it('a forged walletEvent changes nothing while a WalletConnect session is active (any uuid, the connector id included)', async () => {
    const { frame, fake, methods } = await setup();
    recordConnection(
      frame,
      frame.connectors.walletConnect,
      { accounts: [ACCOUNT_0], chainId: 31337, name: 'Phone wallet', icon: devWallet.icon },
      { silent: true },
    );
    await flush();
    const before = widgetState(frame.store.getState());
    fake.events.length = 0;
    for (const uuid of [
      frame.connectors.walletConnect.id,
      devWallet.uuid,
      '00000000-0000-4000-8000-00000000c0de',
      'anything',
    ]) {
      await call(methods, 'walletEvent', { type: 'accountsChanged', uuid, accounts: [ACCOUNT_1] });
      await call(methods, 'walletEvent', { type: 'chainChanged', uuid, chainId: '0x7a6a' });
      await call(methods, 'walletEvent', { type: 'disconnect', uuid });
    }
    expect(widgetState(frame.store.getState())).toEqual(before);
    expect(fake.events).toEqual([]);
  });

  it('switchNetwork: 4901 Network Not Found when not configured; adds the chain on 4902 then switches', async () => {
    const { frame, fake, methods } = await setup();
    expect(await call(methods, 'switchNetwork', 'eip155:1')).toMatchObject({
      ok: false,
      error: { code: 4901, message: expect.stringContaining('Network Not Found') },
    });
    // The visitor sees it too: the alert over the modal (spec §5 'shows a switch-network-not-found alert').
    expect(frame.store.getState().apiAlert).toMatchObject({
      short: 'Network Not Found',
      long: 'The network must be in the networks array passed to createWidget().',
    });
    await connectInjected(frame, announcedEntry(devWallet));
    await flush();
    fake.events.length = 0;
    expect(await call(methods, 'switchNetwork', 'eip155:31338')).toEqual({ ok: true, value: null });
    expect(fake.requests.map((r) => r.request.method).slice(-3)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    const add = fake.requests.find((r) => r.request.method === 'wallet_addEthereumChain')!.request.params as unknown[];
    expect(add[0]).toMatchObject({ chainId: '0x7a6a', chainName: 'Anvil B', rpcUrls: ['http://127.0.0.1:2'] });
    await flush();
    expect(fake.providerEvents()).toEqual(['chainChanged "0x7a6a"']);
    expect(await call(methods, 'switchNetwork', 'eip155:31338')).toEqual({ ok: true, value: null });
    expect(fake.providerEvents()).toEqual(['chainChanged "0x7a6a"']);
  });

  it('disconnect() resets the account, emits accountsChanged [] and disconnect 4900, and closes the modal', async () => {
    const { frame, fake, methods } = await setup();
    await connectInjected(frame, announcedEntry(devWallet));
    const opened = call(methods, 'open', { view: 'Account' });
    expect(views(frame)).toEqual(['Account']);
    await flush();
    fake.events.length = 0;
    expect(await call(methods, 'disconnect')).toEqual({ ok: true, value: null });
    expect(connectionOf(frame.store.getState())).toMatchObject({
      status: 'disconnected',
      wallet: null,
      address: null,
      caipAddress: null,
      balance: null,
    });
    expect(frame.store.getState().modal.open).toBe(false);
    await expect(opened).resolves.toEqual({ ok: true, value: { caipAddress: null } });
    expect(fake.providerEvents()).toEqual(['accountsChanged []', 'disconnect {"code":4900,"message":"Disconnected"}']);
    const states = fake.events.flatMap((e) => (e.type === 'state' ? [e.state] : []));
    expect(states).toHaveLength(1);
    expect(states[0]).toMatchObject({
      status: 'disconnected',
      address: null,
      caipAddress: null,
      connectedWalletInfo: null,
      open: false,
    });
  });
});
