import { describe, expect, it, vi } from 'vitest';
import type { EIP1193Provider } from '../provider.ts';
import { createPolkadotProvider } from './provider.ts';

describe('the dapp’s injected-extension-shaped polkadot provider (host, opt-in Polkadot entry)', () => {
  it('enables, lists accounts and signs through the namespace’s methods, answering { id, signature }', async () => {
    const request = vi.fn(async ({ method }: { method: string }) =>
      method === 'polkadot_getAccounts'
        ? [{ address: '5Alice' }]
        : method.includes('sign')
          ? { signature: '0x01' }
          : [],
    );
    const injected = createPolkadotProvider({
      request,
      on: vi.fn(),
      removeListener: vi.fn(),
    } as unknown as EIP1193Provider);
    expect(await injected.enable()).toBe(injected);
    expect(await injected.accounts.get()).toEqual([{ address: '5Alice' }]);
    const payload = { address: '5Alice', genesisHash: '0x00', method: '0x0000' };
    expect(await injected.signer.signPayload(payload)).toEqual({ id: 1, signature: '0x01' });
    expect(await injected.signer.signRaw({ address: '5Alice', data: '0x6869', type: 'bytes' })).toEqual({
      id: 2,
      signature: '0x01',
    });
    expect(request.mock.calls.map(([a]) => a)).toEqual([
      { method: 'polkadot_requestAccounts', params: [] },
      { method: 'polkadot_getAccounts', params: [] },
      { method: 'polkadot_signTransaction', params: [{ address: '5Alice', transactionPayload: payload }] },
      { method: 'polkadot_signMessage', params: [{ address: '5Alice', message: '0x6869' }] },
    ]);
  });
});
