// @vitest-environment happy-dom
import type { WalletEvent } from '@airlock/protocol';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSolanaBridge, type WalletsApi } from './bridge.ts';

const ADDRESS = '32MvKPkohthEtFX36NPE9B45aryLsFVumKyjvFwQmuRX';

/** A Wallet Standard wallet whose account is a class instance with getters, like real wallets' `ReadonlyWalletAccount`. */
class Account implements WalletAccount {
  get address() {
    return ADDRESS;
  }
  get publicKey() {
    return new Uint8Array(32).fill(7);
  }
  get chains() {
    return ['solana:devnet'] as const;
  }
  get features() {
    return ['solana:signMessage'] as const;
  }
}

const fakeWallet = (name: string, chains: `${string}:${string}`[] = ['solana:devnet']) => {
  const account = new Account();
  const change = new Set<(p: { accounts: readonly WalletAccount[] }) => void>();
  const signMessage = vi.fn(async (...inputs: { account: WalletAccount; message: Uint8Array }[]) =>
    inputs.map((i) => ({ signedMessage: i.message, signature: new Uint8Array(64).fill(1), extra: () => 1 })),
  );
  const exotic = vi.fn();
  const wallet: Wallet = {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains,
    accounts: [account],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
      'standard:events': {
        version: '1.0.0',
        on: (_: string, l: (p: { accounts: readonly WalletAccount[] }) => void) => (
          change.add(l), () => change.delete(l)
        ),
      },
      'solana:signMessage': { version: '1.0.0', signMessage },
      'solana:signAllTheThings': { version: '1.0.0', signAllTheThings: exotic },
    },
  };
  return { wallet, account, signMessage, exotic, change };
};

/** Registers wallets the way a wallet extension does (`wallet-standard:register-wallet`). */
const register = (...wallets: Wallet[]) =>
  dispatchEvent(
    new CustomEvent('wallet-standard:register-wallet', { detail: (api: WalletsApi) => api.register(...wallets) }),
  );

let stop: (() => void) | undefined;
afterEach(() => stop?.());

const setup = () => {
  const self = fakeWallet('Airlock').wallet;
  const sent: WalletEvent[] = [];
  const bridge = createSolanaBridge(self, (e) => sent.push(e));
  stop = bridge.stop;
  return { bridge, self, sent };
};

describe('Wallet Standard bridge (host, opt-in Solana entry)', () => {
  it('lists the solana wallets once each, never Airlock itself nor wallets without a solana chain', async () => {
    const { bridge, self, sent } = setup();
    const phantom = fakeWallet('Phantom');
    register(self, phantom.wallet, fakeWallet('Bitcoin Only', ['bip122:000000000019d6689c085ae165831e93']).wallet);
    register(phantom.wallet);
    const listed = await bridge.list();
    expect(listed.ok && listed.value.map((w) => w.name)).toEqual(['Phantom']);
    expect(sent).toEqual([{ type: 'announced' }]);
  });

  it('calls an allow-listed feature with the wallet’s own account object and answers plain data', async () => {
    const { bridge } = setup();
    const phantom = fakeWallet('Phantom');
    register(phantom.wallet);
    const listed = await bridge.list();
    const id = listed.ok ? listed.value[0]!.id : '';
    const message = new TextEncoder().encode('hi');
    const answer = await bridge.request(id, { feature: 'solana:signMessage', input: { address: ADDRESS, message } });
    expect(phantom.signMessage).toHaveBeenCalledWith({ account: phantom.account, message });
    expect(answer).toEqual({
      ok: true,
      value: [{ signedMessage: message, signature: new Uint8Array(64).fill(1), extra: expect.any(Function) }],
    });
    // Everything crossing postMessage must be cloneable: the account is copied out of its getters.
    const connected = await bridge.request(id, { feature: 'standard:connect', input: {} });
    expect(connected).toEqual({
      ok: true,
      value: {
        accounts: [
          {
            address: ADDRESS,
            publicKey: new Uint8Array(32).fill(7),
            chains: ['solana:devnet'],
            features: ['solana:signMessage'],
          },
        ],
      },
    });
  });

  it('refuses a feature outside the allow-list (4200) without touching the wallet, and an unknown id (4900)', async () => {
    const { bridge } = setup();
    const phantom = fakeWallet('Phantom');
    register(phantom.wallet);
    const listed = await bridge.list();
    const id = listed.ok ? listed.value[0]!.id : '';
    const refused = await bridge.request(id, { feature: 'solana:signAllTheThings', input: {} } as never);
    expect(refused).toMatchObject({ ok: false, error: { code: 4200 } });
    expect(phantom.exotic).not.toHaveBeenCalled();
    expect(
      await bridge.request('00000000-0000-4000-8000-000000000000', { feature: 'standard:connect', input: {} }),
    ).toMatchObject({
      ok: false,
      error: { code: 4900 },
    });
  });

  it('forwards the wallet’s account changes as solanaChange, and stops on stop()', async () => {
    const { bridge, sent } = setup();
    const phantom = fakeWallet('Phantom');
    register(phantom.wallet);
    const listed = await bridge.list();
    const id = listed.ok ? listed.value[0]!.id : '';
    phantom.change.forEach((l) => l({ accounts: [] }));
    expect(sent.at(-1)).toEqual({ type: 'solanaChange', id, accounts: [] });
    bridge.stop();
    stop = undefined;
    expect(phantom.change.size).toBe(0);
  });
});
