import { describe, expect, it, vi } from 'vitest';
import { routeKeplrRequest, type KeplrRequestContext } from './requests.ts';

const ME = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7';
const OTHER = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z';
const signature = { pub_key: { type: 'tendermint/PubKeySecp256k1', value: 'AAAA' }, signature: 'AAAA' };

const context = (answer: unknown): KeplrRequestContext & { call: ReturnType<typeof vi.fn> } => ({
  wallet: { id: 'keplr', name: 'Keplr', icon: 'data:image/svg+xml,' },
  account: { address: ME, pubKey: new Uint8Array([2, 1]), algo: 'secp256k1' },
  chainId: 'airlock-local-1',
  call: vi.fn(async () => ({ ok: true as const, value: answer })),
});

const direct = (chainId = 'airlock-local-1') => ({
  method: 'cosmos_signDirect',
  params: [{ signerAddress: ME, signDoc: { chainId, accountNumber: '7', bodyBytes: 'AQI=', authInfoBytes: 'Aw==' } }],
});

describe('the dapp’s cosmos requests with a Keplr-shaped wallet (connectors/cosmos/requests.ts)', () => {
  it('answers the connected account with its public key in base64', async () => {
    expect(await routeKeplrRequest({ method: 'cosmos_getAccounts', params: [] }, context(null))).toEqual({
      ok: true,
      value: [{ address: ME, algo: 'secp256k1', pubkey: 'AgE=' }],
    });
  });

  it('signDirect: base64 in, bytes and a bigint account number to the wallet, base64 out', async () => {
    const c = context({
      signed: {
        bodyBytes: new Uint8Array([1, 2]),
        authInfoBytes: new Uint8Array([3]),
        chainId: 'airlock-local-1',
        accountNumber: 7n,
      },
      signature,
    });
    expect(await routeKeplrRequest(direct(), c)).toEqual({
      ok: true,
      value: {
        signed: { chainId: 'airlock-local-1', accountNumber: '7', bodyBytes: 'AQI=', authInfoBytes: 'Aw==' },
        signature,
      },
    });
    expect(c.call).toHaveBeenCalledWith({
      method: 'signDirect',
      params: [
        'airlock-local-1',
        ME,
        {
          bodyBytes: new Uint8Array([1, 2]),
          authInfoBytes: new Uint8Array([3]),
          chainId: 'airlock-local-1',
          accountNumber: 7n,
        },
      ],
    });
  });

  it('signDirect: a Keplr answering a long.js Long account number (cloned on its way: its fields only) is read', async () => {
    const c = context({
      signed: {
        bodyBytes: new Uint8Array([1, 2]),
        authInfoBytes: new Uint8Array([3]),
        chainId: 'airlock-local-1',
        accountNumber: structuredClone({ low: 7, high: 0, unsigned: true }),
      },
      signature,
    });
    const answer = await routeKeplrRequest(direct(), c);
    expect(answer.ok && (answer.value as { signed: { accountNumber: string } }).signed.accountNumber).toBe('7');
  });

  it('never asks the wallet for another signer (4100) or a sign doc of another chain (4901)', async () => {
    const c = context(signature);
    const other = { method: 'cosmos_signArbitrary', params: [{ signerAddress: OTHER, data: 'hi' }] };
    expect(await routeKeplrRequest(other, c)).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(await routeKeplrRequest(direct('cosmoshub-4'), c)).toMatchObject({ ok: false, error: { code: 4901 } });
    expect(c.call).not.toHaveBeenCalled();
  });

  it('refuses a malformed wallet answer (-32603) and malformed params (-32602)', async () => {
    expect(await routeKeplrRequest(direct(), context({ signed: {}, signature }))).toMatchObject({
      ok: false,
      error: { code: -32603 },
    });
    const bad = { method: 'cosmos_signArbitrary', params: [{ signerAddress: ME }] };
    expect(await routeKeplrRequest(bad, context(signature))).toMatchObject({ ok: false, error: { code: -32602 } });
    expect(await routeKeplrRequest({ method: 'cosmos_exportKey', params: [] }, context(null))).toMatchObject({
      ok: false,
      error: { code: 4200 },
    });
  });
});
