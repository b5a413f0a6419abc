import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectInjected } from '../actions/connect.ts';
import type { Frame } from '../store/frame.ts';
import {
  ACCOUNT_0,
  ACCOUNT_1,
  announcement,
  createTestFrame,
  testConfig,
  type FakeHost,
} from '../testing/testFrame.ts';
import { routeRequest } from './request.ts';
import { startAnvil, type Anvil } from '@airlock/testing';
import { announcedEntry } from '../connectors/injected/index.ts';

/**
 * Request routing with a fake host bridge (the page side) and a real anvil
 * chain for the reads (real parts over mocks).
 */

const devWallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
let anvil: Anvil | undefined;
let rpc = '';

beforeAll(async () => {
  anvil = await startAnvil(31337);
  rpc = anvil.rpcUrl;
});

afterAll(() => anvil?.stop());

let frame: Frame;
const req = (method: string, params?: unknown[]) =>
  routeRequest(frame, { method, chainNamespace: 'eip155', ...(params ? { params } : {}) });
const connectWallet = (wallet: typeof devWallet) => connectInjected(frame, announcedEntry(wallet));

describe('routeRequest', () => {
  let fake: FakeHost;
  beforeEach(async () => {
    ({ frame, fake } = await createTestFrame({ config: testConfig(rpc), wallets: [devWallet] }));
  });

  it('serves eth_chainId, eth_accounts and reads while disconnected', async () => {
    expect(await req('eth_chainId')).toEqual({ ok: true, value: '0x7a69' });
    expect(await req('eth_accounts')).toEqual({ ok: true, value: [] });
    const balance = await req('eth_getBalance', [ACCOUNT_0, 'latest']);
    expect(balance).toEqual({ ok: true, value: '0x21e19e0c9bab2400000' });
    expect(await req('eth_blockNumber')).toMatchObject({ ok: true, value: expect.stringMatching(/^0x/) });
    expect(fake.requests).toEqual([]);
  });

  it('refuses account-bound methods while disconnected with 4100 and unknown methods with 4200', async () => {
    expect(await req('personal_sign', ['0x68656c6c6f', ACCOUNT_0])).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(await req('eth_sendTransaction', [{ from: ACCOUNT_0, to: ACCOUNT_1 }])).toMatchObject({
      ok: false,
      error: { code: 4100 },
    });
    expect(await req('eth_sign', [ACCOUNT_0, '0x00'])).toEqual({
      ok: false,
      error: { code: 4200, message: 'Requested RPC call is not allowed' },
    });
    expect(await req('anvil_setBalance', [ACCOUNT_0, '0x0'])).toMatchObject({ ok: false, error: { code: 4200 } });
    expect(fake.requests).toEqual([]);
  });

  it('keeps the node error code of a failing read', async () => {
    const result = await req('eth_call', [{ to: ACCOUNT_1, data: '0xzz' }, 'latest']);
    expect(result).toMatchObject({ ok: false, error: { code: expect.any(Number) } });
  });

  it('routes signing to the connected wallet and refuses another account with 4100', async () => {
    await connectWallet(devWallet);
    expect(await req('eth_accounts')).toEqual({ ok: true, value: [ACCOUNT_0] });
    expect(await req('eth_requestAccounts')).toEqual({ ok: true, value: [ACCOUNT_0] });
    expect(await req('personal_sign', ['0x68656c6c6f', ACCOUNT_0.toLowerCase()])).toMatchObject({ ok: true });
    expect(await req('personal_sign', ['0x68656c6c6f', ACCOUNT_1])).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(fake.requests.filter((r) => r.request.method === 'personal_sign')).toHaveLength(1);
  });

  it('passes wallet errors through with their code and data', async () => {
    await connectWallet(devWallet);
    fake.wallet.reject.add('personal_sign');
    expect(await req('personal_sign', ['0x68656c6c6f', ACCOUNT_0])).toEqual({
      ok: false,
      error: { code: 4001, message: 'User rejected the request.', data: { reason: 'test' } },
    });
  });

  it('wallet_switchEthereumChain switches a disconnected widget locally, 4901 for an unknown chain', async () => {
    expect(await req('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({ ok: true, value: null });
    expect(await req('eth_chainId')).toEqual({ ok: true, value: '0x7a6a' });
    expect(await req('wallet_switchEthereumChain', [{ chainId: '0x1' }])).toMatchObject({
      ok: false,
      error: { code: 4901 },
    });
    expect(fake.providerEvents()).toEqual(['chainChanged "0x7a6a"']);
  });

  it('eth_requestAccounts while disconnected opens the modal on Connect', async () => {
    const pending = req('eth_requestAccounts');
    await new Promise((r) => setTimeout(r, 0));
    expect(frame.store.getState().modal.open).toBe(true);
    await connectWallet(devWallet);
    await expect(pending).resolves.toEqual({ ok: true, value: [ACCOUNT_0] });
  });
});
