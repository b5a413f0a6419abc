// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPolkadotBridge } from './bridge.ts';

const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';

/** An injected extension with spies; `accounts.subscribe` keeps its callback to fire changes. */
const fakeExtension = () => {
  const subscribers = new Set<(list: { address: string }[]) => void>();
  const injected = {
    accounts: {
      get: vi.fn(async () => [{ address: ALICE, name: 'Alice' }]),
      subscribe: vi.fn((cb: (list: { address: string }[]) => void) => {
        subscribers.add(cb);
        return () => subscribers.delete(cb);
      }),
    },
    signer: {
      signRaw: vi.fn(async (raw: { data: string }) => ({ id: 1, signature: `0x01${raw.data.slice(2)}` })),
      signPayload: vi.fn(async () => {
        throw Object.assign(new Error('Cancelled'), { code: 4001 });
      }),
      exotic: vi.fn(),
    },
    metadata: { provide: vi.fn() },
  };
  return { extension: { version: '0.62.1', enable: vi.fn(async () => injected) }, injected, subscribers };
};

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  delete (window as { injectedWeb3?: unknown }).injectedWeb3;
});

const setup = () => {
  const sent: unknown[] = [];
  const bridge = createPolkadotBridge((e) => sent.push(e));
  stop = bridge.stop;
  return { bridge, sent };
};

describe('Polkadot page-wallet bridge (host, opt-in Polkadot entry)', () => {
  it('lists the injected extensions with an enable function, by their own names', async () => {
    const { bridge } = setup();
    expect(await bridge.list()).toEqual({ ok: true, value: [] });
    const inherited = Object.create({ sneaky: fakeExtension().extension });
    Object.assign(inherited, {
      'polkadot-js': fakeExtension().extension,
      broken: { version: '1' },
      'bad name!': fakeExtension().extension,
    });
    Object.assign(window, { injectedWeb3: inherited });
    expect(await bridge.list()).toEqual({ ok: true, value: [{ id: 'polkadot-js', version: '0.62.1' }] });
    expect(await bridge.request('sneaky', { method: 'enable', params: ['dapp'] })).toMatchObject({
      error: { code: 4900 },
    });
  });

  it('enables, then reads accounts and signs through the kept Injected; before enable it is 4100', async () => {
    const { bridge, sent } = setup();
    const { extension, injected, subscribers } = fakeExtension();
    Object.assign(window, { injectedWeb3: { talisman: extension } });
    expect(await bridge.request('talisman', { method: 'accounts.get', params: [] })).toMatchObject({
      error: { code: 4100 },
    });
    expect(await bridge.request('talisman', { method: 'enable', params: ['Airlock demo'] })).toEqual({
      ok: true,
      value: null,
    });
    expect(extension.enable).toHaveBeenCalledWith('Airlock demo');
    expect(await bridge.request('talisman', { method: 'accounts.get', params: [] })).toEqual({
      ok: true,
      value: [{ address: ALICE, name: 'Alice' }],
    });
    const raw = { address: ALICE, data: '0x1234', type: 'bytes' };
    expect(await bridge.request('talisman', { method: 'signer.signRaw', params: [raw] })).toEqual({
      ok: true,
      value: { id: 1, signature: '0x011234' },
    });
    expect(injected.signer.signRaw).toHaveBeenCalledWith(raw);
    expect(await bridge.request('talisman', { method: 'signer.signPayload', params: [{}] })).toMatchObject({
      error: { code: 4001, message: 'Cancelled' },
    });
    subscribers.forEach((cb) => cb([{ address: ALICE }]));
    expect(sent).toEqual([{ type: 'polkadotChange', id: 'talisman', accounts: [ALICE] }]);
    bridge.stop();
    stop = undefined;
    expect(subscribers.size).toBe(0);
  });

  it('refuses every other method (4200) without touching the extension', async () => {
    const { bridge } = setup();
    const { extension, injected } = fakeExtension();
    Object.assign(window, { injectedWeb3: { 'polkadot-js': extension } });
    await bridge.request('polkadot-js', { method: 'enable', params: ['x'] });
    for (const method of [
      'signer.exotic',
      'metadata.provide',
      'signer.constructor',
      'accounts.subscribe',
      'enable.call',
    ])
      expect(await bridge.request('polkadot-js', { method, params: [] } as never)).toMatchObject({
        ok: false,
        error: { code: 4200 },
      });
    expect(injected.signer.exotic).not.toHaveBeenCalled();
    expect(injected.metadata.provide).not.toHaveBeenCalled();
  });
});
