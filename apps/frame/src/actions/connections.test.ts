import { Alert, type Connection, type FrameMethods, type HostEvent } from '@airlock/protocol';
import { describe, expect, it } from 'vitest';
import { createFrameMethods } from '../handlers/frameMethods.ts';
import { startConnectionsEvents } from '../handlers/connectionsEvents.ts';
import {
  ACCOUNT_0,
  ACCOUNT_1,
  announcement,
  createTestFrame,
  fakeWallet,
  flush,
  testConfig,
} from '../testing/testFrame.ts';
import { connectInjected } from './connect.ts';
import { connectionOf } from '../store/connection.ts';
import { announcedEntry } from '../connectors/injected/index.ts';

const devWallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
const caipAddress = `eip155:31337:${ACCOUNT_0}`;

/** Calls a frame method as penpal would, with untyped arguments. */
const call = (methods: FrameMethods, name: keyof FrameMethods, ...args: unknown[]) =>
  (methods[name] as (...a: unknown[]) => Promise<unknown>)(...args);

/** A started frame with the dev wallet on the page and `multiWallet` on or off (local features, no API). */
async function setup(multiWallet: boolean) {
  const config = { ...testConfig(), features: { multiWallet } };
  const { frame, fake } = await createTestFrame({ wallets: [devWallet], config });
  return { frame, fake, methods: createFrameMethods(frame) };
}

/** The `connections` events the host received. */
const connectionEvents = (events: HostEvent[]) => events.filter((e) => e.type === 'connections');

describe('multi-wallet actions over the single connection', () => {
  it('getConnections lists the connected wallet as the one active eip155 connection, and none in solana', async () => {
    const { frame, methods } = await setup(true);
    expect(await call(methods, 'getConnections', 'eip155')).toEqual({ ok: true, value: [] });
    await connectInjected(frame, announcedEntry(devWallet));
    expect(await call(methods, 'getConnections', 'eip155')).toEqual({
      ok: true,
      value: [
        {
          connectorId: devWallet.uuid,
          name: 'Dev Wallet',
          icon: devWallet.icon,
          chainNamespace: 'eip155',
          caipNetworkId: 'eip155:31337',
          accounts: [{ caipAddress, address: ACCOUNT_0, type: 'eoa' }],
          active: true,
        },
      ],
    });
    expect(await call(methods, 'getConnections', 'solana')).toEqual({ ok: true, value: [] });
    expect(frame.store.getState().apiAlert).toBeNull();
  });

  it('switchConnection to the active account changes nothing; an unknown connector or account is a clear 4100', async () => {
    const { frame, fake, methods } = await setup(true);
    await connectInjected(frame, announcedEntry(devWallet));
    await flush();
    const before = fake.events.length;
    // The address in any case, or its CAIP-10 id, names the same account.
    for (const address of [ACCOUNT_0, ACCOUNT_0.toLowerCase(), caipAddress]) {
      expect(await call(methods, 'switchConnection', { connectorId: devWallet.uuid, address })).toEqual({
        ok: true,
        value: null,
      });
    }
    expect(fake.events.length).toBe(before);
    expect(await call(methods, 'switchConnection', { connectorId: 'walletConnect', address: ACCOUNT_0 })).toEqual({
      ok: false,
      error: { code: 4100, message: 'No connector found for connection: walletConnect' },
    });
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(await call(methods, 'switchConnection', { connectorId: devWallet.uuid, address: other })).toEqual({
      ok: false,
      error: { code: 4100, message: `No account ${other} in connection: ${devWallet.uuid}` },
    });
    expect(connectionOf(frame.store.getState()).status).toBe('connected');
  });

  it('deleteConnection disconnects the connection; an unknown connector is 4100 and leaves it connected', async () => {
    const { frame, fake, methods } = await setup(true);
    await connectInjected(frame, announcedEntry(devWallet));
    expect(await call(methods, 'deleteConnection', { connectorId: 'walletConnect' })).toMatchObject({
      ok: false,
      error: { code: 4100 },
    });
    expect(connectionOf(frame.store.getState()).status).toBe('connected');
    fake.events.length = 0;
    expect(await call(methods, 'deleteConnection', { connectorId: devWallet.uuid })).toEqual({ ok: true, value: null });
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
    expect(frame.store.getState().preferences.connectedConnector).toBeNull();
    await flush();
    expect(fake.providerEvents()).toContain('accountsChanged []');
  });

  it("with multiWallet off each answers empty, does nothing and shows the info alert 'Multi-Wallet Not Enabled'", async () => {
    const { frame, methods } = await setup(false);
    await connectInjected(frame, announcedEntry(devWallet));
    expect(frame.store.getState().apiAlert).toBeNull();
    expect(await call(methods, 'getConnections', 'eip155')).toEqual({ ok: true, value: [] });
    expect(frame.store.getState().apiAlert).toEqual(Alert.MultiWalletNotEnabled);
    frame.store.setState({ apiAlert: null });
    expect(await call(methods, 'switchConnection', { connectorId: devWallet.uuid, address: ACCOUNT_0 })).toEqual({
      ok: true,
      value: null,
    });
    expect(frame.store.getState().apiAlert?.short).toBe('Multi-Wallet Not Enabled');
    frame.store.setState({ apiAlert: null });
    expect(await call(methods, 'deleteConnection', { connectorId: devWallet.uuid })).toEqual({ ok: true, value: null });
    expect(frame.store.getState().apiAlert?.short).toBe('Multi-Wallet Not Enabled');
    expect(connectionOf(frame.store.getState()).status).toBe('connected');
  });

  it('malformed arguments are -32602 and show no alert', async () => {
    const { frame, methods } = await setup(false);
    for (const [name, args] of [
      ['getConnections', ['tron']],
      ['switchConnection', [{ connectorId: 'x' }]],
      ['deleteConnection', [{ connectorId: 1 }]],
    ] as const) {
      expect(await call(methods, name, ...args), name).toMatchObject({ ok: false, error: { code: -32602 } });
    }
    expect(frame.store.getState().apiAlert).toBeNull();
  });
});

describe('the connections event', () => {
  it('fires for eip155 on connect and on disconnect, with what getConnections answers, and never for the other namespaces', async () => {
    const { frame, fake } = await setup(true);
    frame.runtime.cleanups.push(startConnectionsEvents(frame));
    fake.events.length = 0;
    await connectInjected(frame, announcedEntry(devWallet));
    await flush();
    const connected = connectionEvents(fake.events);
    expect(connected).toHaveLength(1);
    expect(connected[0]).toMatchObject({
      chainNamespace: 'eip155',
      connections: [{ connectorId: devWallet.uuid, active: true, accounts: [{ caipAddress }] }],
    });
    fake.events.length = 0;
    await call(createFrameMethods(frame), 'deleteConnection', { connectorId: devWallet.uuid });
    await flush();
    expect(connectionEvents(fake.events)).toEqual([{ type: 'connections', chainNamespace: 'eip155', connections: [] }]);
  });

  it('stays silent while multiWallet is off', async () => {
    const { frame, fake } = await setup(false);
    frame.runtime.cleanups.push(startConnectionsEvents(frame));
    await connectInjected(frame, announcedEntry(devWallet));
    await call(createFrameMethods(frame), 'disconnect');
    await flush();
    expect(connectionEvents(fake.events)).toEqual([]);
  });
});

describe('multi-wallet actions over two connections (the store holds both)', () => {
  const otherWallet = announcement('Other Wallet', 'com.other', 2);

  /** Dev Wallet (ACCOUNT_0) then Other Wallet (ACCOUNT_1), both on eip155, multiWallet on. */
  async function twoWallets() {
    const config = { ...testConfig(), features: { multiWallet: true } };
    const { frame, fake } = await createTestFrame({ wallets: [devWallet, otherWallet], wallet: fakeWallet(), config });
    await connectInjected(frame, announcedEntry(devWallet));
    fake.wallet.accounts = [ACCOUNT_1];
    await connectInjected(frame, announcedEntry(otherWallet));
    await flush();
    return { frame, fake, methods: createFrameMethods(frame) };
  }
  const listed = async (methods: FrameMethods) =>
    ((await call(methods, 'getConnections', 'eip155')) as { value: Connection[] }).value.map((c) => [
      c.connectorId,
      c.accounts[0]!.address,
      c.active,
    ]);

  it('lists both, switches the active one (the dapp gets accountsChanged once), and a reload keeps the choice', async () => {
    const { frame, fake, methods } = await twoWallets();
    expect(await listed(methods)).toEqual([
      [otherWallet.uuid, ACCOUNT_1, true],
      [devWallet.uuid, ACCOUNT_0, false],
    ]);
    const before = fake.providerEvents().length;
    expect(await call(methods, 'switchConnection', { connectorId: devWallet.uuid, address: ACCOUNT_0 })).toEqual({
      ok: true,
      value: null,
    });
    await flush();
    expect(connectionOf(frame.store.getState())).toMatchObject({
      address: ACCOUNT_0,
      wallet: { connectorId: devWallet.uuid },
    });
    expect(fake.providerEvents().slice(before)).toEqual([`accountsChanged ["${ACCOUNT_0}"]`]);
    expect(await listed(methods)).toEqual([
      [otherWallet.uuid, ACCOUNT_1, false],
      [devWallet.uuid, ACCOUNT_0, true],
    ]);
    expect(frame.store.getState().preferences.connectedConnectors.eip155?.[0]).toEqual({
      type: 'injected',
      rdns: 'dev.airlock.wallet',
    });
  });

  it("a reload keeps the account switched to within one wallet (the wallet's own order would show its first)", async () => {
    const config = { ...testConfig(), features: { multiWallet: true } };
    const first = await createTestFrame({
      wallets: [devWallet],
      wallet: fakeWallet({ accounts: [ACCOUNT_0, ACCOUNT_1] }),
      config,
    });
    await connectInjected(first.frame, announcedEntry(devWallet));
    const methods = createFrameMethods(first.frame);
    expect(await call(methods, 'switchConnection', { connectorId: devWallet.uuid, address: ACCOUNT_1 })).toEqual({
      ok: true,
      value: null,
    });
    expect(connectionOf(first.frame.store.getState()).address).toBe(ACCOUNT_1);
    const { frame } = await createTestFrame({
      local: first.local,
      wallets: [devWallet],
      wallet: fakeWallet({ accounts: [ACCOUNT_0, ACCOUNT_1] }),
      config,
    });
    expect(connectionOf(frame.store.getState())).toMatchObject({ status: 'connected', address: ACCOUNT_1 });
    expect(await listed(createFrameMethods(frame))).toEqual([[devWallet.uuid, ACCOUNT_1, true]]);
  });

  it('deletes one: the other stays connected and becomes the active one; deleting the last disconnects', async () => {
    const { frame, methods } = await twoWallets();
    expect(await call(methods, 'deleteConnection', { connectorId: otherWallet.uuid })).toEqual({
      ok: true,
      value: null,
    });
    await flush();
    expect(await listed(methods)).toEqual([[devWallet.uuid, ACCOUNT_0, true]]);
    expect(connectionOf(frame.store.getState())).toMatchObject({ status: 'connected', address: ACCOUNT_0 });
    const { preferences } = frame.store.getState();
    expect(preferences.disconnectedConnectorIds[0]).toBe(otherWallet.uuid);
    expect(preferences.connectedConnectors.eip155).toEqual([{ type: 'injected', rdns: 'dev.airlock.wallet' }]);
    expect(await call(methods, 'deleteConnection', { connectorId: devWallet.uuid })).toEqual({ ok: true, value: null });
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
    expect(await listed(methods)).toEqual([]);
  });
  it('a wallet event of the connection that is not active updates that connection only: the dapp gets the connections event, no accountsChanged or chainChanged', async () => {
    const { frame, fake, methods } = await twoWallets();
    frame.runtime.cleanups.push(startConnectionsEvents(frame));
    await flush();
    // The shown connection's balance read (no chain here) has ended: it changes nothing later.
    await expect.poll(() => connectionOf(frame.store.getState()).balanceUnavailable, { timeout: 10_000 }).toBe(true);
    const shown = connectionOf(frame.store.getState());
    fake.events.length = 0;
    const third = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    await call(methods, 'walletEvent', {
      type: 'accountsChanged',
      uuid: devWallet.uuid,
      accounts: [third.toLowerCase()],
    });
    await call(methods, 'walletEvent', { type: 'chainChanged', uuid: devWallet.uuid, chainId: '0x7a6a' });
    // The module for a listed connection's events loads on the first one: wait for the change.
    await expect
      .poll(() => frame.store.getState().connections.list.find((c) => c.connectorId === devWallet.uuid))
      .toMatchObject({ accounts: [{ address: third, type: 'eoa' }], caipNetworkId: 'eip155:31338' });
    await flush();
    expect(connectionOf(frame.store.getState())).toEqual(shown);
    expect(fake.providerEvents()).toEqual([]);
    const events = connectionEvents(fake.events);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.type === 'connections' && e.chainNamespace === 'eip155')).toBe(true);
    expect(events.at(-1)).toMatchObject({
      connections: [
        { connectorId: otherWallet.uuid, active: true },
        { connectorId: devWallet.uuid, active: false, caipNetworkId: 'eip155:31338', accounts: [{ address: third }] },
      ],
    });
    // The wallet ends it: that connection goes, the active one stays and the dapp's provider hears nothing.
    fake.events.length = 0;
    await call(methods, 'walletEvent', { type: 'disconnect', uuid: devWallet.uuid });
    await expect.poll(() => frame.store.getState().connections.list.length).toBe(1);
    await flush();
    expect(await listed(methods)).toEqual([[otherWallet.uuid, ACCOUNT_1, true]]);
    expect(connectionOf(frame.store.getState())).toEqual(shown);
    expect(fake.providerEvents()).toEqual([]);
    expect(frame.store.getState().preferences.disconnectedConnectorIds[0]).toBe(devWallet.uuid);
  });

  it('the active wallet ending its connection leaves the other connected and active (the dapp gets accountsChanged for it)', async () => {
    const { frame, fake, methods } = await twoWallets();
    fake.events.length = 0;
    await call(methods, 'walletEvent', { type: 'accountsChanged', uuid: otherWallet.uuid, accounts: [] });
    await expect.poll(() => frame.store.getState().connections.list.length).toBe(1);
    await flush();
    expect(await listed(methods)).toEqual([[devWallet.uuid, ACCOUNT_0, true]]);
    expect(connectionOf(frame.store.getState())).toMatchObject({ status: 'connected', address: ACCOUNT_0 });
    expect(fake.providerEvents()).toEqual([`accountsChanged ["${ACCOUNT_0}"]`]);
  });
});
