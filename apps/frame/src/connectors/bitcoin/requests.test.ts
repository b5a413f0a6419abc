import { describe, expect, it } from 'vitest';
import { BIP122_REGTEST_CAIP_NETWORK_ID } from '@airlock/protocol/bip122';
import { base64 } from '@scure/base';
import type { Bip122Wallet } from '@airlock/protocol/bip122Wallets';
import { bip122Accounts } from './connector.ts';
import { routeBitcoinRequest, type Bip122Account, type BitcoinRequestContext } from './requests.ts';

/** Regtest dev account 0 (apps/bitcoin-esplora/README.md) and account 1's payment address. */
const PAYMENT = 'bcrt1qt3snut5dqmen4ja6msewes2vym9qmg3kqpswjr';
const ORDINALS = 'bcrt1pwzmgzd0jvxj9zd4jevwjlw2cu553fk36vvyqlh7jazm52y54ezjqywl9tm';
const OTHER = 'bcrt1q0hwg3vrapy23kj4e8esjuscz8s9chnf8mt444s';
/** A mainnet address of the same kind: valid, but of another network. */
const MAINNET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const wallet: Bip122Wallet = {
  id: '00000000-0000-4000-8000-000000000000',
  kind: 'wallet-standard',
  name: 'Test Bitcoin Wallet',
  icon: 'data:image/svg+xml,<svg/>',
  chains: ['bitcoin:regtest'],
  features: ['bitcoin:connect', 'bitcoin:signMessage', 'bitcoin:signTransaction'],
};
const accounts: Bip122Account[] = [
  { address: PAYMENT, purpose: 'payment', publicKey: new Uint8Array([2, 1]) },
  { address: ORDINALS, purpose: 'ordinals' },
];

/** A request context whose wallet records each feature call and answers `answer`. */
function context(answer: unknown = [{ signature: new Uint8Array([1, 2, 3]) }]) {
  const calls: { feature: string; input: unknown }[] = [];
  const ctx: BitcoinRequestContext = {
    wallet,
    accounts,
    caipNetworkId: BIP122_REGTEST_CAIP_NETWORK_ID,
    call: async (feature, input) => {
      calls.push({ feature, input });
      return { ok: true, value: answer };
    },
  };
  return { ctx, calls };
}

describe('bip122Accounts', () => {
  it('puts the payment account first and the taproot one as ordinals, whatever the wallet’s order', () => {
    expect(bip122Accounts([{ address: ORDINALS }, { address: PAYMENT }], BIP122_REGTEST_CAIP_NETWORK_ID)).toEqual([
      { address: PAYMENT, purpose: 'payment', publicKey: undefined },
      { address: ORDINALS, purpose: 'ordinals', publicKey: undefined },
    ]);
  });

  it('refuses an answer with an address of another network or a bad checksum', () => {
    expect(bip122Accounts([{ address: MAINNET }], BIP122_REGTEST_CAIP_NETWORK_ID)).toBeNull();
    expect(bip122Accounts([{ address: `${PAYMENT.slice(0, -1)}q` }], BIP122_REGTEST_CAIP_NETWORK_ID)).toBeNull();
  });
});

describe('routeBitcoinRequest (the dapp’s bip122 methods against a Wallet Standard wallet)', () => {
  it('getAccounts answers both accounts with their purposes and hex public keys', async () => {
    const { ctx } = context();
    expect(await routeBitcoinRequest({ method: 'getAccounts' }, ctx)).toEqual({
      ok: true,
      value: [
        { address: PAYMENT, purpose: 'payment', publicKey: '0201' },
        { address: ORDINALS, purpose: 'ordinals' },
      ],
    });
  });

  it('signMessage signs BIP-322 with a connected account and answers the witness in base64', async () => {
    const { ctx, calls } = context();
    const result = await routeBitcoinRequest(
      { method: 'signMessage', params: [{ address: PAYMENT, message: 'hi' }] },
      ctx,
    );
    expect(result).toEqual({
      ok: true,
      value: { address: PAYMENT, signature: base64.encode(new Uint8Array([1, 2, 3])) },
    });
    expect(calls).toEqual([
      { feature: 'bitcoin:signMessage', input: { address: PAYMENT, message: new TextEncoder().encode('hi') } },
    ]);
  });

  it('signMessage with protocol ecdsa asks the wallet for it and answers only a legacy (BIP-137) signature; a BIP-322 answer is 4200', async () => {
    const legacy = new Uint8Array(65).fill(7);
    legacy[0] = 40;
    const { ctx, calls } = context([{ signedMessage: new Uint8Array(), signature: legacy }]);
    const params = [{ address: PAYMENT, message: 'hi', protocol: 'ecdsa' }];
    expect(await routeBitcoinRequest({ method: 'signMessage', params }, ctx)).toEqual({
      ok: true,
      value: { address: PAYMENT, signature: base64.encode(legacy) },
    });
    expect(calls).toEqual([
      {
        feature: 'bitcoin:signMessage',
        input: { address: PAYMENT, message: new TextEncoder().encode('hi'), protocol: 'ecdsa' },
      },
    ]);
    // A wallet that ignored the protocol and signed BIP-322 (a witness, not 65 bytes): not passed off as ECDSA.
    const witness = context([{ signedMessage: new Uint8Array(), signature: new Uint8Array(107).fill(2) }]);
    const refused = await routeBitcoinRequest({ method: 'signMessage', params }, witness.ctx);
    expect(refused.ok ? 'ok' : refused.error.code).toBe(4200);
  });

  it('refuses an address that is not connected (4100), sendTransfer (4200), unknown methods (4200) and bad params (-32602), without asking the wallet', async () => {
    const { ctx, calls } = context();
    const code = async (method: string, params?: unknown[]) => {
      const result = await routeBitcoinRequest({ method, ...(params ? { params } : {}) }, ctx);
      return result.ok ? 'ok' : result.error.code;
    };
    expect(await code('signMessage', [{ address: OTHER, message: 'hi' }])).toBe(4100);
    expect(await code('signPsbt', [{ psbt: 'AAAA', signInputs: { [OTHER]: [0] } }])).toBe(4100);
    expect(await code('sendTransfer', [{ recipients: [{ address: OTHER, amount: 1000 }] }])).toBe(4200);
    expect(await code('eth_sendTransaction', [])).toBe(4200);
    expect(await code('signMessage', [{ address: PAYMENT }])).toBe(-32602);
    expect(calls).toEqual([]);
  });

  it('signPsbt passes the PSBT bytes, the network’s Wallet Standard chain and the inputs of each account', async () => {
    const { ctx, calls } = context([{ signedPsbt: new Uint8Array([9]) }]);
    const psbt = base64.encode(new Uint8Array([1, 2]));
    const result = await routeBitcoinRequest(
      { method: 'signPsbt', params: [{ psbt, signInputs: { [PAYMENT]: [0, 1] } }] },
      ctx,
    );
    expect(result).toEqual({ ok: true, value: { psbt: base64.encode(new Uint8Array([9])) } });
    expect(calls).toEqual([
      {
        feature: 'bitcoin:signTransaction',
        input: {
          psbt: new Uint8Array([1, 2]),
          chain: 'bitcoin:regtest',
          inputsToSign: [{ address: PAYMENT, signingIndexes: [0, 1] }],
        },
      },
    ]);
  });

  it('answers 4100 when not connected', async () => {
    const { ctx } = context();
    const result = await routeBitcoinRequest({ method: 'getAccounts' }, { ...ctx, accounts: [] });
    expect(result.ok ? null : result.error.code).toBe(4100);
  });
});
