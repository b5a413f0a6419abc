// @vitest-environment happy-dom
import type { Connection, ConnectionsEvent, FrameMethods, HostMethods, WidgetState } from '@airlock/protocol';
import { err, ok } from '@airlock/protocol/result';
import { connect, WindowMessenger, type RemoteProxy } from 'penpal';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWidget, type Widget } from './createWidget.ts';
import { ProviderRpcError } from './ProviderRpcError.ts';
import { FRAME_ORIGIN, frameWindow, parentWindow } from './standInWindows.ts';

// The host SDK against a real penpal frame, through the stand-in windows of standInWindows.ts.

const STATE: WidgetState = {
  open: false,
  status: 'connected',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  connectedWalletInfo: { name: 'Dev Wallet', type: 'ANNOUNCED', rdns: 'dev.airlock.wallet' },
  balance: '10000',
  balanceSymbol: 'ETH',
};

/** The one connection the stand-in frame holds. */
const CONNECTION: Connection = {
  connectorId: 'walletConnect',
  name: 'Dev Wallet',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  accounts: [{ caipAddress: STATE.caipAddress!, address: STATE.address!, type: 'eoa' }],
  active: true,
};

/** A frame with the real penpal, answering from `answers` and recording what it was asked. */
const startFrame = () => {
  const requests: unknown[] = [];
  const walletEvents: unknown[] = [];
  const themes: unknown[] = [];
  const opens: ((caipAddress: string | null) => void)[] = [];
  const connectionCalls: unknown[] = [];
  const methods: FrameMethods = {
    // Settles when the test "closes the modal" with closeModal().
    open: () => new Promise((resolve) => opens.push((caipAddress) => resolve(ok({ caipAddress } as never)))),
    close: async () => ok(null),
    request: async (req) => {
      requests.push(req);
      if (req.method === 'eth_chainId') return ok('0x7a69');
      return err(4001, 'User rejected the request.', { wallet: 'Dev Wallet' });
    },
    getState: async () => ok(STATE),
    switchNetwork: async (id) => (id === 'eip155:1' ? err(4901, 'Network Not Found') : ok(null)),
    disconnect: async () => ok(null),
    getConnections: async (ns) => (
      connectionCalls.push(['getConnections', ns]), ok(ns === 'eip155' ? [CONNECTION] : [])
    ),
    switchConnection: async (c) => (
      connectionCalls.push(['switchConnection', c]),
      c.connectorId === CONNECTION.connectorId
        ? ok(null)
        : err(4100, `No connector found for connection: ${c.connectorId}`)
    ),
    deleteConnection: async (c) => (connectionCalls.push(['deleteConnection', c]), ok(null)),
    setTheme: async (theme) =>
      theme.themeVariables?.zIndex === -1 ? err(-32602, 'malformed theme') : (themes.push(theme), ok(null)),
    walletEvent: async (ev) => (walletEvents.push(ev), ok(null)),
  };
  const connection = connect<HostMethods>({
    messenger: new WindowMessenger({ remoteWindow: parentWindow, allowedOrigins: [location.origin] }),
    methods,
  });
  return { connection, requests, walletEvents, themes, opens, connectionCalls };
};

let widget: Widget;
let frame: ReturnType<typeof startFrame>;
let host: RemoteProxy<HostMethods>;
beforeEach(async () => {
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(frameWindow);
  widget = createWidget({ projectId: 'demo', networks: [], frameUrl: `${FRAME_ORIGIN}/` });
  frame = startFrame();
  host = await frame.connection.promise;
});
afterEach(() => {
  widget.destroy();
  frame.connection.destroy();
  vi.restoreAllMocks();
});

const iframe = () => document.querySelector('iframe')!;

describe('host SDK ↔ frame over penpal', () => {
  it('calls getConnections, switchConnection and deleteConnection on the frame and rejects with its error', async () => {
    expect(await widget.getConnections('eip155')).toEqual([CONNECTION]);
    expect(await widget.getConnections('solana')).toEqual([]);
    const address = CONNECTION.accounts[0]!.address;
    expect(await widget.switchConnection({ connectorId: 'walletConnect', address })).toBeNull();
    const failed = await widget.switchConnection({ connectorId: 'other', address }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ProviderRpcError);
    expect(failed).toMatchObject({ code: 4100, message: 'No connector found for connection: other' });
    expect(await widget.deleteConnection({ connectorId: 'walletConnect' })).toBeNull();
    expect(frame.connectionCalls).toEqual([
      ['getConnections', 'eip155'],
      ['getConnections', 'solana'],
      ['switchConnection', { connectorId: 'walletConnect', address }],
      ['switchConnection', { connectorId: 'other', address }],
      ['deleteConnection', { connectorId: 'walletConnect' }],
    ]);
  });

  it('hands the connections event to subscribeConnections listeners until they unsubscribe, apart from the state', async () => {
    const seen: ConnectionsEvent[] = [];
    const states: WidgetState[] = [];
    const unsubscribe = widget.subscribeConnections((e) => seen.push(e));
    widget.subscribe((s) => states.push(s));
    const event: ConnectionsEvent = { type: 'connections', chainNamespace: 'eip155', connections: [CONNECTION] };
    expect(await host.emit(event)).toEqual({ ok: true, value: null });
    await host.emit({ type: 'state', state: STATE });
    unsubscribe();
    await host.emit({ ...event, connections: [] });
    expect(seen).toEqual([event]);
    expect(states).toEqual([STATE]);
    expect(widget.getState()).toEqual(STATE);
  });

  it('caches the emitted state for getState() and tells subscribers until they unsubscribe', async () => {
    const seen: WidgetState[] = [];
    const unsubscribe = widget.subscribe((s) => seen.push(s));
    expect(await host.emit({ type: 'state', state: STATE })).toEqual({ ok: true, value: null });
    expect(widget.getState()).toEqual(STATE);
    unsubscribe();
    await host.emit({ type: 'state', state: { ...STATE, status: 'disconnected' } });
    expect(seen).toEqual([STATE]);
    expect(widget.getState()?.status).toBe('disconnected');
  });

  it('re-emits provider events on the provider of that namespace, disconnect as a ProviderRpcError', async () => {
    const provider = widget.getProvider('eip155');
    const events: unknown[] = [];
    provider.on('connect', (d) => events.push(['connect', d]));
    provider.on('chainChanged', (d) => events.push(['chainChanged', d]));
    provider.on('accountsChanged', (d) => events.push(['accountsChanged', d]));
    provider.on('disconnect', (d) => events.push(['disconnect', d]));
    await host.emit({ type: 'provider', chainNamespace: 'eip155', event: 'connect', data: { chainId: '0x7a69' } });
    await host.emit({ type: 'provider', chainNamespace: 'eip155', event: 'chainChanged', data: '0x7a6a' });
    await host.emit({ type: 'provider', chainNamespace: 'solana', event: 'chainChanged', data: 'devnet' });
    await host.emit({ type: 'provider', chainNamespace: 'eip155', event: 'accountsChanged', data: [] });
    await host.emit({
      type: 'provider',
      chainNamespace: 'eip155',
      event: 'disconnect',
      data: { code: 4900, message: 'Disconnected' },
    });
    expect(events.slice(0, 3)).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['chainChanged', '0x7a6a'],
      ['accountsChanged', []],
    ]);
    const [, disconnect] = events[3] as [string, ProviderRpcError];
    expect(disconnect).toBeInstanceOf(ProviderRpcError);
    expect(disconnect.code).toBe(4900);
  });

  it('request() goes to the frame with the namespace and turns { ok: false } into a ProviderRpcError', async () => {
    const provider = widget.getProvider('eip155');
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    const signing = provider.request({
      method: 'personal_sign',
      params: ['0x6869', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    });
    await expect(signing).rejects.toBeInstanceOf(ProviderRpcError);
    await expect(signing).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
      data: { wallet: 'Dev Wallet' },
    });
    expect(frame.requests).toEqual([
      { chainNamespace: 'eip155', method: 'eth_chainId', params: undefined },
      {
        chainNamespace: 'eip155',
        method: 'personal_sign',
        params: ['0x6869', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
      },
    ]);
  });

  it('switchNetwork() rejects with the frame error code', async () => {
    await expect(widget.switchNetwork('eip155:31338')).resolves.toBeNull();
    await expect(widget.switchNetwork('eip155:1')).rejects.toMatchObject({ code: 4901 });
  });

  it('open() settles when the modal closes, with the connected account', async () => {
    const opened = widget.open({ view: 'Connect' });
    const settled = vi.fn();
    opened.then(settled);
    await vi.waitFor(() => expect(frame.opens).toHaveLength(1));
    expect(settled).not.toHaveBeenCalled();
    frame.opens[0]!(STATE.caipAddress);
    expect(await opened).toEqual({ caipAddress: STATE.caipAddress });
  });

  it('setLayout shows the iframe and focuses it, then hides it and gives focus back', async () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    await host.setLayout({ open: true });
    expect(iframe().style.opacity).toBe('');
    expect(iframe().inert).toBe(false);
    expect(document.activeElement).toBe(iframe());
    await host.setLayout({ open: false });
    expect(iframe().style.opacity).toBe('0');
    expect(iframe().inert).toBe(true);
    expect(document.activeElement).toBe(button);
    button.remove();
  });

  it('lists page wallets for the frame and reports late announcements', async () => {
    await widget.getProvider('eip155').request({ method: 'eth_chainId' }); // the host side is connected
    const info = {
      uuid: '11111111-1111-4111-8111-111111111111',
      name: 'Dev Wallet',
      icon: 'data:image/svg+xml,<svg/>',
      rdns: 'dev.airlock.wallet',
    };
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: { info, provider: { request: async () => '0x7a69' } } }),
    );
    await vi.waitFor(() => expect(frame.walletEvents).toEqual([{ type: 'announced' }]));
    expect(await host.wallets.list()).toEqual({ ok: true, value: [info] });
    expect(await host.wallets.request(info.uuid, { method: 'eth_chainId' })).toEqual({ ok: true, value: '0x7a69' });
    expect(await host.wallets.request(info.uuid, { method: 'eth_getEncryptionPublicKey' })).toMatchObject({
      ok: false,
      error: { code: 4200 },
    });
  });

  it('ignores a refusal message once connected', async () => {
    expect(await widget.getProvider('eip155').request({ method: 'eth_chainId' })).toBe('0x7a69');
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'airlock:refused', reason: 'late' },
        origin: FRAME_ORIGIN,
        source: frameWindow as unknown as MessageEventSource,
      }),
    );
    expect(await widget.getProvider('eip155').request({ method: 'eth_chainId' })).toBe('0x7a69');
    await expect(widget.close()).resolves.toBeNull();
  });

  it('setThemeMode and setThemeVariables call the frame’s setTheme; zIndex reaches the overlay once accepted', async () => {
    expect(await widget.setThemeMode('light')).toBeNull();
    expect(await widget.setThemeVariables({ accent: '#f60', zIndex: 5 })).toBeNull();
    expect(frame.themes).toEqual([{ themeMode: 'light' }, { themeVariables: { accent: '#f60', zIndex: 5 } }]);
    expect(iframe().style.zIndex).toBe('5');
    // Refused by the frame: the error reaches the dapp and the overlay keeps its z-index.
    await expect(widget.setThemeVariables({ zIndex: -1 })).rejects.toMatchObject({ code: -32602 });
    expect(iframe().style.zIndex).toBe('5');
    // Variables replace the earlier ones: no zIndex is the default again.
    await widget.setThemeVariables({ accent: '#0af' });
    expect(iframe().style.zIndex).toBe('2147483647');
  });

  it('lists the page’s wallets to the frame, never the widget’s own announcement', async () => {
    const page = {
      info: {
        uuid: '77777777-7777-4777-8777-777777777777',
        name: 'Page',
        icon: 'data:image/svg+xml,<svg/>',
        rdns: 'x.page',
      },
      provider: { request: async () => null },
    };
    dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: page }));
    dispatchEvent(new Event('eip6963:requestProvider')); // the widget announces itself again
    const listed = await host.wallets.list();
    expect(listed.ok && listed.value.map((w) => w.rdns)).toEqual(['x.page']);
  });
});
