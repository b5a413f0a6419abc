// @vitest-environment happy-dom
import { ErrorCode } from '@airlock/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCosmosBridge } from './bridge.ts';

/** A Keplr-shaped wallet with spies, and one method outside the allow-list. */
const fakeKeplr = () => ({
  enable: vi.fn(async () => undefined),
  getKey: vi.fn(async (chainId: string) => ({ bech32Address: `cosmos1…${chainId}`, pubKey: new Uint8Array(33) })),
  signArbitrary: vi.fn(async () => {
    throw Object.assign(new Error('Request rejected'), { code: 4001 });
  }),
  signAmino: vi.fn(async () => {
    throw new Error('no code');
  }),
  getOfflineSigner: vi.fn(),
  exportPrivateKey: vi.fn(),
});

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  delete (window as { keplr?: unknown }).keplr;
  delete (window as { leap?: unknown }).leap;
  delete (Object.prototype as { leap?: unknown }).leap;
});

const setup = () => {
  const sent: unknown[] = [];
  const bridge = createCosmosBridge((e) => sent.push(e));
  stop = bridge.stop;
  return { bridge, sent };
};

describe('Cosmos page-wallet bridge (host, opt-in Cosmos entry)', () => {
  it('lists window.keplr and window.leap only as own properties with an enable function', async () => {
    const { bridge } = setup();
    expect(await bridge.list()).toEqual({ ok: true, value: [] });
    Object.assign(window, { keplr: fakeKeplr() });
    // Inherited (a page's prototype trick, seen through every object): not a wallet.
    Object.defineProperty(Object.prototype, 'leap', { value: fakeKeplr(), configurable: true });
    expect(await bridge.list()).toEqual({ ok: true, value: [{ id: 'keplr', name: 'Keplr' }] });
    expect(await bridge.request('leap', { method: 'enable', params: [] })).toMatchObject({ error: { code: 4900 } });
  });

  it('calls an allow-listed method with its params and answers its result', async () => {
    const { bridge } = setup();
    const keplr = fakeKeplr();
    Object.assign(window, { keplr });
    expect(await bridge.request('keplr', { method: 'enable', params: [['cosmoshub-4']] })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(keplr.enable).toHaveBeenCalledWith(['cosmoshub-4']);
    expect(await bridge.request('keplr', { method: 'getKey', params: ['osmosis-1'] })).toMatchObject({
      ok: true,
      value: { bech32Address: 'cosmos1…osmosis-1' },
    });
  });

  it('refuses every other method (4200) without touching the wallet, and passes the wallet’s errors through', async () => {
    const { bridge } = setup();
    const keplr = fakeKeplr();
    Object.assign(window, { keplr });
    for (const method of ['exportPrivateKey', 'getOfflineSigner', 'constructor', '__proto__', 'enable2'])
      expect(await bridge.request('keplr', { method, params: [] } as never)).toMatchObject({
        ok: false,
        error: { code: 4200 },
      });
    expect(keplr.exportPrivateKey).not.toHaveBeenCalled();
    expect(keplr.getOfflineSigner).not.toHaveBeenCalled();
    expect(await bridge.request('keplr', { method: 'signDirect', params: [] })).toMatchObject({
      error: { code: 4200 },
    });
    expect(await bridge.request('keplr', { method: 'signArbitrary', params: [] })).toEqual({
      ok: false,
      error: { code: 4001, message: 'Request rejected' },
    });
    expect(await bridge.request('keplr', { method: 'signAmino', params: [] })).toMatchObject({
      error: { code: ErrorCode.Default },
    });
  });

  it('sends keplr_keystorechange and leap_keystorechange as cosmosChange, until stop()', () => {
    const { bridge, sent } = setup();
    dispatchEvent(new Event('keplr_keystorechange'));
    dispatchEvent(new Event('leap_keystorechange'));
    bridge.stop();
    stop = undefined;
    dispatchEvent(new Event('keplr_keystorechange'));
    expect(sent).toEqual([
      { type: 'cosmosChange', id: 'keplr' },
      { type: 'cosmosChange', id: 'leap' },
    ]);
  });
});
