// @vitest-environment happy-dom
import type { Bip122WalletEvent } from '@airlock/protocol/bip122Wallets';
import { ErrorCode, type WalletEvent } from '@airlock/protocol';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalletsApi } from '../pageWallets.ts';
import { createBitcoinBridge } from './bridge.ts';

const PAYMENT = 'bcrt1qt3snut5dqmen4ja6msewes2vym9qmg3kqpswjr';
const ORDINALS = 'bcrt1pwzmgzd0jvxj9zd4jevwjlw2cu553fk36vvyqlh7jazm52y54ezjqywl9tm';
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';

/** An account with getters, like real wallets' `ReadonlyWalletAccount`. */
class Account implements WalletAccount {
  constructor(private readonly a: string) {}
  get address() {
    return this.a;
  }
  get publicKey() {
    return new Uint8Array(33).fill(2);
  }
  get chains() {
    return ['bitcoin:regtest'] as const;
  }
  get features() {
    return ['bitcoin:signMessage'] as const;
  }
}

const fakeWallet = (name: string, chains: `${string}:${string}`[] = ['bitcoin:regtest']) => {
  const payment = new Account(PAYMENT);
  const ordinals = new Account(ORDINALS);
  const change = new Set<(p: { accounts: readonly WalletAccount[] }) => void>();
  const connect = vi.fn(async ({ purposes }: { purposes: string[] }) => ({
    accounts: purposes.map((p) => (p === 'payment' ? payment : ordinals)),
  }));
  const signTransaction = vi.fn(async (...inputs: { psbt: Uint8Array }[]) =>
    inputs.map((i) => ({ signedPsbt: i.psbt })),
  );
  const signMessage = vi.fn(async (...inputs: { message: Uint8Array }[]) =>
    inputs.map((i) => ({ signedMessage: i.message, signature: new Uint8Array(65) })),
  );
  const exotic = vi.fn();
  const standardConnect = vi.fn(async (input?: { silent?: boolean }) => ({
    accounts: input?.silent ? [payment, ordinals] : [],
  }));
  const wallet: Wallet = {
    version: '1.0.0',
    name,
    icon: ICON,
    chains,
    accounts: [payment, ordinals],
    features: {
      'bitcoin:connect': { version: '1.0.0', connect },
      'standard:connect': { version: '1.0.0', connect: standardConnect },
      'standard:events': {
        version: '1.0.0',
        on: (_: string, l: (p: { accounts: readonly WalletAccount[] }) => void) => {
          change.add(l);
          return () => change.delete(l);
        },
      },
      'bitcoin:signMessage': { version: '1.0.0', signMessage },
      'bitcoin:signTransaction': { version: '1.0.0', signTransaction },
      'bitcoin:signAllTheThings': { version: '1.0.0', signAllTheThings: exotic },
    },
  };
  return { wallet, payment, ordinals, connect, signTransaction, signMessage, exotic, change };
};

const register = (...wallets: Wallet[]) =>
  dispatchEvent(
    new CustomEvent('wallet-standard:register-wallet', { detail: (api: WalletsApi) => api.register(...wallets) }),
  );

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  delete (window as { btc_providers?: unknown }).btc_providers;
  delete (window as { XverseProviders?: unknown }).XverseProviders;
  delete (window as { Inherited?: unknown }).Inherited;
});

const setup = () => {
  const sent: (WalletEvent | Bip122WalletEvent)[] = [];
  const bridge = createBitcoinBridge((e) => sent.push(e));
  stop = bridge.stop;
  return { bridge, sent };
};
const idOf = async (bridge: ReturnType<typeof setup>['bridge'], name: string) => {
  const listed = await bridge.list();
  return listed.ok ? listed.value.find((w) => w.name === name)!.id : '';
};

describe('Bitcoin page-wallet bridge (host, opt-in Bitcoin entry)', () => {
  it('lists the Wallet Standard wallets with a bitcoin: chain once each, never Solana-only ones', async () => {
    const { bridge, sent } = setup();
    const leather = fakeWallet('Leather');
    register(leather.wallet, fakeWallet('Solana Only', ['solana:devnet']).wallet);
    register(leather.wallet);
    const listed = await bridge.list();
    expect(listed.ok && listed.value.map(({ name, kind, chains }) => ({ name, kind, chains }))).toEqual([
      { name: 'Leather', kind: 'wallet-standard', chains: ['bitcoin:regtest'] },
    ]);
    expect(sent).toEqual([{ type: 'announced' }]);
  });

  it('connects with purposes and answers plain accounts; names PSBT signers by address with the wallet’s own accounts', async () => {
    const { bridge } = setup();
    const leather = fakeWallet('Leather');
    register(leather.wallet);
    const id = await idOf(bridge, 'Leather');
    const connected = await bridge.request(id, {
      feature: 'bitcoin:connect',
      input: { purposes: ['ordinals', 'payment'] },
    });
    expect(connected).toEqual({
      ok: true,
      value: {
        accounts: [ORDINALS, PAYMENT].map((address) => ({
          address,
          publicKey: new Uint8Array(33).fill(2),
          chains: ['bitcoin:regtest'],
          features: ['bitcoin:signMessage'],
        })),
      },
    });
    const psbt = new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff]);
    const signed = await bridge.request(id, {
      feature: 'bitcoin:signTransaction',
      input: { psbt, chain: 'bitcoin:regtest', inputsToSign: [{ address: ORDINALS, signingIndexes: [1], sigHash: 0 }] },
    });
    expect(leather.signTransaction).toHaveBeenCalledWith({
      psbt,
      chain: 'bitcoin:regtest',
      inputsToSign: [{ account: leather.ordinals, signingIndexes: [1], sigHash: 0 }],
    });
    expect(signed).toEqual({ ok: true, value: [{ signedPsbt: psbt }] });
    const message = new TextEncoder().encode('hi');
    await bridge.request(id, { feature: 'bitcoin:signMessage', input: { address: PAYMENT, message } });
    expect(leather.signMessage).toHaveBeenCalledWith({ account: leather.payment, message });
  });

  it('bridges the silent standard:connect (the frame’s reconnect after a reload) with plain accounts', async () => {
    const { bridge } = setup();
    const leather = fakeWallet('Leather');
    register(leather.wallet);
    const id = await idOf(bridge, 'Leather');
    const answer = await bridge.request(id, { feature: 'standard:connect', input: { silent: true } });
    expect(answer).toMatchObject({ ok: true, value: { accounts: [{ address: PAYMENT }, { address: ORDINALS }] } });
  });

  it('refuses a feature outside the allow-list or that the wallet lacks (4200) without touching it, and an unknown id (4900)', async () => {
    const { bridge } = setup();
    const leather = fakeWallet('Leather');
    register(leather.wallet);
    const id = await idOf(bridge, 'Leather');
    expect(await bridge.request(id, { feature: 'bitcoin:signAllTheThings', input: {} } as never)).toMatchObject({
      ok: false,
      error: { code: 4200 },
    });
    expect(leather.exotic).not.toHaveBeenCalled();
    expect(await bridge.request(id, { feature: 'standard:disconnect', input: {} })).toMatchObject({
      error: { code: 4200 },
    });
    // A sats-connect method sent to a Wallet Standard wallet.
    expect(await bridge.request(id, { method: 'sendTransfer', params: { recipients: [] } } as never)).toMatchObject({
      error: { code: 4200 },
    });
    expect(
      await bridge.request('00000000-0000-4000-8000-000000000000', {
        feature: 'bitcoin:connect',
        input: { purposes: ['payment'] },
      }),
    ).toMatchObject({ ok: false, error: { code: 4900 } });
  });

  it('passes the wallet’s own error code through (4001), 5000 when it has none', async () => {
    const { bridge } = setup();
    const leather = fakeWallet('Leather');
    leather.connect.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }));
    leather.signMessage.mockRejectedValueOnce(new Error('boom'));
    register(leather.wallet);
    const id = await idOf(bridge, 'Leather');
    expect(await bridge.request(id, { feature: 'bitcoin:connect', input: { purposes: ['payment'] } })).toEqual({
      ok: false,
      error: { code: 4001, message: 'User rejected' },
    });
    expect(
      await bridge.request(id, {
        feature: 'bitcoin:signMessage',
        input: { address: PAYMENT, message: new Uint8Array(1) },
      }),
    ).toEqual({ ok: false, error: { code: ErrorCode.Default, message: 'boom' } });
  });

  it('forwards account changes as bitcoinChange, and stops on stop()', async () => {
    const { bridge, sent } = setup();
    const leather = fakeWallet('Leather');
    register(leather.wallet);
    const id = await idOf(bridge, 'Leather');
    leather.change.forEach((l) => l({ accounts: [leather.payment] }));
    expect(sent.at(-1)).toEqual({ type: 'bitcoinChange', id, accounts: [PAYMENT] });
    bridge.stop();
    stop = undefined;
    expect(leather.change.size).toBe(0);
  });

  it('finds sats-connect providers through window.btc_providers and calls only the allow-listed methods', async () => {
    const request = vi.fn(async (method: string) =>
      method === 'getAccounts'
        ? { jsonrpc: '2.0', id: '1', result: [{ address: PAYMENT, purpose: 'payment' }] }
        : { jsonrpc: '2.0', id: '1', error: { code: -32000, message: 'User rejected' } },
    );
    Object.assign(window, {
      XverseProviders: { BitcoinProvider: { request } },
      Inherited: Object.create({ Hidden: { request } }),
      btc_providers: [
        { id: 'XverseProviders.BitcoinProvider', name: 'Xverse', icon: ICON },
        // A path through a prototype, a missing one, the same provider again and an icon that is no image: skipped.
        { id: 'Inherited.Hidden', name: 'Proto', icon: ICON },
        { id: 'Nope.Provider', name: 'Missing', icon: ICON },
        { id: 'XverseProviders.BitcoinProvider', name: 'Twice', icon: ICON },
        { id: 'XverseProviders.BitcoinProvider', name: 'Bad icon', icon: 'https://x/icon.png' },
      ],
    });
    const { bridge, sent } = setup();
    const listed = await bridge.list();
    expect(listed.ok && listed.value.map(({ name, kind }) => ({ name, kind }))).toEqual([
      { name: 'Xverse', kind: 'sats-connect' },
    ]);
    expect(sent).toEqual([{ type: 'announced' }]);
    const id = await idOf(bridge, 'Xverse');
    expect(await bridge.request(id, { method: 'getAccounts', params: { purposes: ['payment'] } })).toEqual({
      ok: true,
      value: [{ address: PAYMENT, purpose: 'payment' }],
    });
    expect(request).toHaveBeenCalledWith('getAccounts', { purposes: ['payment'] });
    expect(
      await bridge.request(id, {
        method: 'signMessage',
        params: { address: PAYMENT, message: 'hi', protocol: 'BIP322' },
      }),
    ).toEqual({ ok: false, error: { code: -32000, message: 'User rejected' } });
    expect(await bridge.request(id, { method: 'wallet_renouncePermissions', params: {} } as never)).toMatchObject({
      error: { code: 4200 },
    });
    expect(await bridge.request(id, { feature: 'bitcoin:connect', input: { purposes: ['payment'] } })).toMatchObject({
      error: { code: 4200 },
    });
    expect(request).toHaveBeenCalledTimes(2);
  });
});
