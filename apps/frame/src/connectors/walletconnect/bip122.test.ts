import { BIP122_NETWORKS, BIP122_REGTEST_CAIP_NETWORK_ID } from '@airlock/protocol/bip122';
import { describe, expect, it } from 'vitest';
import { bip122Request, sessionBip122Accounts } from './bip122.ts';
import type { SessionLike } from './session.ts';

const REGTEST = BIP122_REGTEST_CAIP_NETWORK_ID;
const MAINNET = BIP122_NETWORKS.mainnet.caipNetworkId;
/** Regtest dev account 1's addresses (apps/bitcoin-esplora/README.md), and account 2's payment one. */
const PAYMENT = 'bcrt1q0hwg3vrapy23kj4e8esjuscz8s9chnf8mt444s';
const ORDINALS = 'bcrt1p89rf4slmway6agt2umj8l5f7a0v4dp4hfutkym8ke82cz09zu45q54t7vv';
const OTHER = 'bcrt1q7s6m395n6gwff9rv04yemzw3cs3w9k7yuv4kzs';
const MAINNET_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const PUBKEY = `02${'ab'.repeat(32)}`;

const session = (methods: string[]): SessionLike =>
  ({
    namespaces: {
      bip122: {
        accounts: [
          `${REGTEST}:${ORDINALS}`,
          `${REGTEST}:${PAYMENT}`,
          `${REGTEST}:${MAINNET_ADDRESS}`,
          `${MAINNET}:${MAINNET_ADDRESS}`,
        ],
        methods,
      },
    },
  }) as SessionLike;

/** The request context over `methods`, recording each wallet call and answering `answer`. */
const over = (methods: string[], answer: unknown = {}) => {
  const calls: { method: string; params: object }[] = [];
  const s = session(methods);
  return {
    calls,
    context: {
      session: s,
      accounts: sessionBip122Accounts(s, REGTEST)!,
      call: async (method: string, params: object) => {
        calls.push({ method, params });
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  };
};
const code = (result: { ok: boolean; error?: { code: number } }) => (result.ok ? 'ok' : result.error!.code);

describe('sessionBip122Accounts (a WalletConnect session’s bip122 namespace)', () => {
  it('answers the accounts of the asked network, payment before ordinals, addresses of another network skipped', () => {
    expect(sessionBip122Accounts(session([]), REGTEST)).toEqual({
      caipNetworkId: REGTEST,
      accounts: [
        { address: PAYMENT, purpose: 'payment' },
        { address: ORDINALS, purpose: 'ordinals' },
      ],
    });
    expect(sessionBip122Accounts(session([]), MAINNET)).toEqual({
      caipNetworkId: MAINNET,
      accounts: [{ address: MAINNET_ADDRESS, purpose: 'payment' }],
    });
    // Without a network asked, the first the session has; none without a bip122 namespace.
    expect(sessionBip122Accounts(session([]))?.caipNetworkId).toBe(REGTEST);
    expect(sessionBip122Accounts({ namespaces: { eip155: { accounts: ['eip155:1:0x0'] } } })).toBeNull();
  });
});

describe('bip122Request (the dapp’s bip122 methods over WalletConnect)', () => {
  it('asks nothing the session did not grant (4200), nor for an address that is not the session’s (4100)', async () => {
    const { context, calls } = over([]);
    expect(
      code(await bip122Request({ method: 'signMessage', params: [{ address: PAYMENT, message: 'hi' }] }, context)),
    ).toBe(4200);
    expect(
      code(
        await bip122Request(
          { method: 'signPsbt', params: [{ psbt: 'cHNidP8=', signInputs: { [PAYMENT]: [0] } }] },
          context,
        ),
      ),
    ).toBe(4200);
    expect(
      code(
        await bip122Request(
          { method: 'sendTransfer', params: [{ recipients: [{ address: OTHER, amount: 1000 }] }] },
          context,
        ),
      ),
    ).toBe(4200);
    const granted = over(['signMessage', 'signPsbt']);
    expect(
      code(
        await bip122Request({ method: 'signMessage', params: [{ address: OTHER, message: 'hi' }] }, granted.context),
      ),
    ).toBe(4100);
    expect(
      code(
        await bip122Request(
          { method: 'signPsbt', params: [{ psbt: 'cHNidP8=', signInputs: { [OTHER]: [0] } }] },
          granted.context,
        ),
      ),
    ).toBe(4100);
    expect([...calls, ...granted.calls]).toEqual([]);
  });

  it('getAccounts: the session’s accounts, with the public keys getAccountAddresses gives for them (others ignored)', async () => {
    const answer = [
      { address: PAYMENT, publicKey: PUBKEY, intention: 'payment' },
      { address: OTHER, publicKey: PUBKEY },
    ];
    const { context, calls } = over(['getAccountAddresses'], answer);
    expect(await bip122Request({ method: 'getAccounts' }, context)).toEqual({
      ok: true,
      value: [
        { address: PAYMENT, purpose: 'payment', publicKey: PUBKEY },
        { address: ORDINALS, purpose: 'ordinals' },
      ],
    });
    expect(calls).toEqual([
      { method: 'getAccountAddresses', params: { account: PAYMENT, intentions: ['payment', 'ordinal'] } },
    ]);
    // Not granted: the session's accounts alone, the wallet not asked.
    const plain = over([]);
    expect(await bip122Request({ method: 'getAccounts' }, plain.context)).toMatchObject({
      value: [{ address: PAYMENT }, { address: ORDINALS }],
    });
    expect(plain.calls).toEqual([]);
  });

  it('signMessage, signPsbt and sendTransfer in WalletConnect’s shapes', async () => {
    const signed = over(['signMessage'], { address: PAYMENT, signature: 'AkcwRAIg' });
    expect(
      await bip122Request({ method: 'signMessage', params: [{ address: ORDINALS, message: 'hi' }] }, signed.context),
    ).toEqual({ ok: true, value: { address: ORDINALS, signature: 'AkcwRAIg' } });
    expect(signed.calls).toEqual([
      { method: 'signMessage', params: { account: PAYMENT, address: ORDINALS, message: 'hi', protocol: 'bip322' } },
    ]);

    const txid = 'ab'.repeat(32);
    const psbt = over(['signPsbt'], { psbt: 'cHNidP8BAA==', txid });
    expect(
      await bip122Request(
        {
          method: 'signPsbt',
          params: [{ psbt: 'cHNidP8=', signInputs: { [PAYMENT]: [0, 2], [ORDINALS]: [1] }, broadcast: true }],
        },
        psbt.context,
      ),
    ).toEqual({ ok: true, value: { psbt: 'cHNidP8BAA==', txid } });
    expect(psbt.calls[0]).toEqual({
      method: 'signPsbt',
      params: {
        account: PAYMENT,
        psbt: 'cHNidP8=',
        signInputs: [
          { address: PAYMENT, index: 0 },
          { address: PAYMENT, index: 2 },
          { address: ORDINALS, index: 1 },
        ],
        broadcast: true,
      },
    });

    const transfer = over(['sendTransfer'], { txid });
    const send = (recipients: { address: string; amount: number }[]) =>
      bip122Request({ method: 'sendTransfer', params: [{ recipients }] }, transfer.context);
    expect(await send([{ address: OTHER, amount: 12_345 }])).toEqual({ ok: true, value: { txid } });
    expect(transfer.calls).toEqual([
      { method: 'sendTransfer', params: { account: PAYMENT, recipientAddress: OTHER, amount: '12345' } },
    ]);
    expect(code(await send([{ address: MAINNET_ADDRESS, amount: 1000 }]))).toBe(-32602);
    expect(
      code(
        await send([
          { address: OTHER, amount: 1000 },
          { address: PAYMENT, amount: 1000 },
        ]),
      ),
    ).toBe(-32602);
    expect(transfer.calls).toHaveLength(1);
  });

  it('passes the wallet’s rejection through and refuses a malformed answer', async () => {
    const rejected = over(['signMessage'], Object.assign(new Error('User rejected'), { code: 5000 }));
    expect(
      await bip122Request({ method: 'signMessage', params: [{ address: PAYMENT, message: 'hi' }] }, rejected.context),
    ).toEqual({ ok: false, error: { code: 5000, message: 'User rejected' } });
    const bad = over(['sendTransfer'], { txid: 'nope' });
    expect(
      code(
        await bip122Request(
          { method: 'sendTransfer', params: [{ recipients: [{ address: OTHER, amount: 1000 }] }] },
          bad.context,
        ),
      ),
    ).toBe(-32603);
  });
});
