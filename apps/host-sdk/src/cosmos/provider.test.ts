import { describe, expect, it, vi } from 'vitest';
import type { EIP1193Provider } from '../provider.ts';
import { createCosmosProvider } from './provider.ts';

/** A base provider whose `request` answers from `answers` by method and records the calls. */
const base = (answers: Record<string, unknown>) => {
  const request = vi.fn(async ({ method }: { method: string }) => answers[method]);
  return { provider: { request, on: vi.fn(), removeListener: vi.fn() } as unknown as EIP1193Provider, request };
};

describe('the dapp’s Keplr-shaped cosmos provider (host, opt-in Cosmos entry)', () => {
  it('gives CosmJS an offline signer: accounts with key bytes, signDirect with bytes and a bigint account number', async () => {
    const signature = { pub_key: { type: 'tendermint/PubKeySecp256k1', value: 'AgE=' }, signature: 'AAAA' };
    const { provider, request } = base({
      cosmos_getAccounts: [{ address: 'cosmos1x', algo: 'secp256k1', pubkey: 'AgE=' }],
      cosmos_signDirect: {
        signed: { chainId: 'c-1', accountNumber: '7', bodyBytes: 'AQI=', authInfoBytes: 'Aw==' },
        signature,
      },
    });
    const signer = createCosmosProvider(provider).getOfflineSigner('c-1');
    expect(await signer.getAccounts()).toEqual([
      { address: 'cosmos1x', algo: 'secp256k1', pubkey: new Uint8Array([2, 1]) },
    ]);
    const doc = {
      chainId: 'c-1',
      accountNumber: 7n,
      bodyBytes: new Uint8Array([1, 2]),
      authInfoBytes: new Uint8Array([3]),
    };
    expect(await signer.signDirect('cosmos1x', doc)).toEqual({ signed: doc, signature });
    expect(request).toHaveBeenLastCalledWith({
      method: 'cosmos_signDirect',
      params: [
        {
          signerAddress: 'cosmos1x',
          signDoc: { chainId: 'c-1', accountNumber: '7', bodyBytes: 'AQI=', authInfoBytes: 'Aw==' },
        },
      ],
    });
  });

  it('maps Keplr’s enable, getKey and signArbitrary onto the namespace’s methods', async () => {
    const { provider, request } = base({
      cosmos_requestAccounts: [],
      cosmos_getAccounts: [{ address: 'cosmos1x', algo: 'secp256k1', pubkey: 'AgE=' }],
      cosmos_signArbitrary: { signature: 'AAAA' },
    });
    const keplr = createCosmosProvider(provider);
    await keplr.enable('c-1');
    expect(await keplr.getKey('c-1')).toMatchObject({ bech32Address: 'cosmos1x', pubKey: new Uint8Array([2, 1]) });
    expect(await keplr.signArbitrary('c-1', 'cosmos1x', 'hi')).toEqual({ signature: 'AAAA' });
    expect(request.mock.calls.map(([a]) => a.method)).toEqual([
      'cosmos_requestAccounts',
      'cosmos_getAccounts',
      'cosmos_signArbitrary',
    ]);
    expect(request).toHaveBeenLastCalledWith({
      method: 'cosmos_signArbitrary',
      params: [{ signerAddress: 'cosmos1x', data: 'hi' }],
    });
  });
});
