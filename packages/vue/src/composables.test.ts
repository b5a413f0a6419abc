// @vitest-environment happy-dom
import { connected, createTestWidget, type TestWidget } from '@airlock/testing/widget';
import { renderToString } from '@vue/server-renderer';
import { createApp, createSSRApp, nextTick, ref } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAirlock, useNetwork, useProvider, useWidget } from './index.ts';
import { Status } from './testApp.ts';

const made = vi.hoisted(() => ({ widgets: [] as TestWidget[] }));
vi.mock('@airlock/host-sdk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@airlock/host-sdk')>()),
  createWidget: () => {
    const w = createTestWidget();
    made.widgets.push(w);
    return w;
  },
}));

const options = { projectId: 'airlock-dev', frameUrl: 'http://127.0.0.1:5174/', networks: [] };
const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent;
const click = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!.click();

describe('@airlock/vue in the browser', () => {
  let root: HTMLElement;
  beforeEach(() => {
    made.widgets.length = 0;
    document.body.innerHTML = '<div id="app"></div>';
    root = document.getElementById('app')!;
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('creates the widget at mount, follows its states and destroys it at unmount', async () => {
    const app = createApp(Status).use(createAirlock({ options }));
    app.mount(root);
    expect(made.widgets).toHaveLength(1);
    const widget = made.widgets[0]!;
    await nextTick();
    expect(text('status')).toBe('disconnected');
    expect(text('summary')).toBe('no state|widget|provider');

    widget.emit(connected);
    await nextTick();
    expect(text('status')).toBe('connected');
    expect(text('address')).toBe(connected.address);
    expect(text('chain')).toBe('eip155 31337');

    widget.emit({ ...connected, caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', chainNamespace: 'solana' });
    await nextTick();
    expect(text('chain')).toBe('solana EtWTRABZaYq6iMfeYKouRu166VU2xqa1');

    app.unmount();
    expect(widget.destroyed).toBe(true);
  });

  it('calls the widget from the actions', async () => {
    createApp(Status).use(createAirlock({ options })).mount(root);
    click('Open');
    click('Switch');
    click('Disconnect');
    expect(made.widgets[0]!.calls).toEqual(['open', 'switchNetwork eip155:31338', 'disconnect']);
  });

  it('uses a widget given to the plugin and never destroys it', async () => {
    const widget = createTestWidget();
    widget.emit(connected);
    const app = createApp(Status).use(createAirlock({ widget }));
    app.mount(root);
    expect(text('status')).toBe('connected');
    app.unmount();
    expect(made.widgets).toHaveLength(0);
    expect(widget.destroyed).toBe(false);
  });

  it('hydrates the server markup without a mismatch, then shows the connected state', async () => {
    const server = await renderToString(createSSRApp(Status).use(createAirlock({ options })));
    root.innerHTML = server;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = createSSRApp(Status).use(createAirlock({ options }));
    app.mount(root);
    // The widget exists after mount; its state comes later from the frame.
    expect(made.widgets).toHaveLength(1);
    made.widgets[0]!.emit(connected);
    await nextTick();
    expect(text('status')).toBe('connected');
    const mismatches = [...warn.mock.calls, ...error.mock.calls].filter((c) => /mismatch/i.test(String(c[0])));
    expect(mismatches).toEqual([]);
    warn.mockRestore();
    error.mockRestore();
    app.unmount();
  });

  it('an action before the widget exists (installed, not yet mounted) rejects with 4900', async () => {
    const app = createApp(Status).use(createAirlock({ options }));
    const actions = app.runWithContext(() => useWidget());
    await expect(actions.open()).rejects.toMatchObject({ code: 4900, message: 'Airlock: widget not created yet' });
    expect(made.widgets).toHaveLength(0);
  });

  it('useProvider follows a namespace given as a ref', async () => {
    const ns = ref<'eip155' | 'solana'>('eip155');
    const app = createApp(Status).use(createAirlock({ options }));
    app.mount(root);
    const provider = app.runWithContext(() => useProvider(ns));
    const widget = made.widgets[0]!;
    expect(provider.value).toBe(widget.getProvider('eip155'));
    ns.value = 'solana';
    expect(provider.value).toBe(widget.getProvider('solana'));
  });

  it('useNetwork().chainId: the EIP-155 number on eip155, the CAIP-2 reference as a string elsewhere (never NaN)', async () => {
    const app = createApp(Status).use(createAirlock({ options }));
    app.mount(root);
    const network = app.runWithContext(() => useNetwork());
    const widget = made.widgets[0]!;
    expect(network.chainId.value).toBeUndefined();
    widget.emit(connected);
    await nextTick();
    expect(network.chainId.value).toBe(31337);
    const others = [
      ['bip122:000000000019d6689c085ae165831e93', 'bip122', '000000000019d6689c085ae165831e93'],
      ['cosmos:cosmoshub-4', 'cosmos', 'cosmoshub-4'],
      ['polkadot:91b171bb158e2d3848fa23a9f1c25182', 'polkadot', '91b171bb158e2d3848fa23a9f1c25182'],
    ] as const;
    for (const [caipNetworkId, chainNamespace, reference] of others) {
      widget.emit({ ...connected, caipNetworkId, chainNamespace });
      await nextTick();
      expect(network.chainNamespace.value).toBe(chainNamespace);
      expect(network.chainId.value).toBe(reference);
    }
    app.unmount();
  });
});
