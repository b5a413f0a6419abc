import { ErrorCode, type WalletEvent } from '@airlock/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { EIP6963ProviderDetail, WalletProvider } from './discovery.ts';
import { createWalletBridge } from './walletBridge.ts';

const UUID = '11111111-1111-4111-8111-111111111111';

/** A page wallet with a Node-style event surface, like injected wallets have. */
const fakeWallet = (request: WalletProvider['request']) => {
  const listeners = new Map<string, (d: never) => void>();
  const provider: WalletProvider = {
    request,
    on: (e, l) => listeners.set(e, l),
    removeListener: (e) => listeners.delete(e),
  };
  const fire = (e: string, d: unknown) => listeners.get(e)?.(d as never);
  return { provider, listeners, fire };
};

const setup = (request: WalletProvider['request']) => {
  const w = fakeWallet(request);
  const detail: EIP6963ProviderDetail = {
    info: { uuid: UUID, name: 'Dev Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'dev.airlock.wallet' },
    provider: w.provider,
  };
  const events: WalletEvent[] = [];
  const bridge = createWalletBridge(new Map([[UUID, detail]]), (e) => events.push(e));
  return { ...w, bridge, events };
};

describe('wallet bridge (host methods wallets.*)', () => {
  it('list() returns the announced infos', async () => {
    const { bridge } = setup(async () => null);
    expect(await bridge.list()).toEqual({
      ok: true,
      value: [{ uuid: UUID, name: 'Dev Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'dev.airlock.wallet' }],
    });
  });

  it('refuses a method outside the allowlist with 4200 without asking the wallet', async () => {
    const request = vi.fn(async () => '0xsecret');
    const { bridge } = setup(request);
    const r = await bridge.request(UUID, { method: 'eth_sign', params: ['0x', '0x'] });
    expect(r).toMatchObject({ ok: false, error: { code: 4200 } });
    expect(request).not.toHaveBeenCalled();
  });

  it('answers 4900 for a uuid no wallet announced', async () => {
    const { bridge } = setup(async () => null);
    const r = await bridge.request('99999999-9999-4999-8999-999999999999', { method: 'eth_accounts' });
    expect(r).toMatchObject({ ok: false, error: { code: 4900 } });
  });

  it('forwards an allowed request and returns the wallet value', async () => {
    const request = vi.fn(async () => ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']);
    const { bridge } = setup(request);
    const r = await bridge.request(UUID, { method: 'eth_requestAccounts' });
    expect(r).toEqual({ ok: true, value: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] });
    expect(request).toHaveBeenCalledWith({ method: 'eth_requestAccounts' });
  });

  it('passes the wallet error code, message and data through', async () => {
    const { bridge } = setup(async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001, data: { origin: 'wallet' } });
    });
    const r = await bridge.request(UUID, {
      method: 'personal_sign',
      params: ['0x68690a', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    });
    expect(r).toEqual({
      ok: false,
      error: { code: 4001, message: 'User rejected the request.', data: { origin: 'wallet' } },
    });
  });

  it('uses code 5000 when the wallet error has no code', async () => {
    const { bridge } = setup(async () => {
      throw new Error('boom');
    });
    const r = await bridge.request(UUID, { method: 'eth_chainId' });
    expect(r).toEqual({ ok: false, error: { code: ErrorCode.Default, message: 'boom' } });
  });

  it('forwards the wallet events once it is used, and stops on stop()', async () => {
    const { bridge, fire, listeners, events } = setup(async () => '0x7a69');
    fire('accountsChanged', ['0x1']);
    expect(listeners.size).toBe(0);
    await bridge.request(UUID, { method: 'eth_chainId' });
    await bridge.request(UUID, { method: 'eth_chainId' });
    fire('accountsChanged', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']);
    fire('chainChanged', '0x7a6a');
    fire('disconnect', { code: 4900, message: 'gone' });
    expect(events).toEqual([
      { type: 'accountsChanged', uuid: UUID, accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] },
      { type: 'chainChanged', uuid: UUID, chainId: '0x7a6a' },
      { type: 'disconnect', uuid: UUID },
    ]);
    bridge.stop();
    expect(listeners.size).toBe(0);
  });
});
