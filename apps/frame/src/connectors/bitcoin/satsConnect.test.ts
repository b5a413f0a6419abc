import { BIP122_REGTEST_CAIP_NETWORK_ID } from '@airlock/protocol/bip122';
import type { Bip122Wallet } from '@airlock/protocol/bip122Wallets';
import { describe, expect, it } from 'vitest';
import type { HostClient } from '../../host/client.ts';
import { createSatsConnectConnector } from './satsConnect.ts';

const CHAIN = BIP122_REGTEST_CAIP_NETWORK_ID;
/** Regtest dev account 0 (apps/bitcoin-esplora/README.md), account 1's payment address, a mainnet address. */
const PAYMENT = 'bcrt1qt3snut5dqmen4ja6msewes2vym9qmg3kqpswjr';
const ORDINALS = 'bcrt1pwzmgzd0jvxj9zd4jevwjlw2cu553fk36vvyqlh7jazm52y54ezjqywl9tm';
const OTHER = 'bcrt1q0hwg3vrapy23kj4e8esjuscz8s9chnf8mt444s';
const MAINNET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const TXID = 'cd'.repeat(32);

const wallet: Bip122Wallet = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'sats-connect',
  name: 'Xverse',
  icon: 'data:image/svg+xml,<svg/>',
  chains: [],
  features: ['getAccounts', 'signMessage', 'signPsbt', 'sendTransfer'],
};

/** A host whose sats-connect wallet answers each method from `answers`, recording the calls. */
function host(answers: Record<string, unknown>) {
  const calls: { method: string; params: unknown }[] = [];
  const client = {
    extensionCall: async (_extension: string, _method: string, args: unknown[]) => {
      const { method, params } = args[1] as { method: string; params: unknown };
      calls.push({ method, params });
      return { ok: true, value: answers[method] };
    },
  } as unknown as HostClient;
  return { client, calls };
}

const accountsAnswer = [
  { address: ORDINALS, purpose: 'ordinals', publicKey: 'ab'.repeat(32) },
  { address: PAYMENT, purpose: 'payment', publicKey: `02${'cd'.repeat(32)}` },
];

async function connected(answers: Record<string, unknown> = {}) {
  const { client, calls } = host({ getAccounts: accountsAnswer, ...answers });
  const connector = createSatsConnectConnector(wallet, client);
  const session = await connector.connect({ caipNetworkId: CHAIN });
  calls.length = 0;
  return { connector, session, calls };
}
const code = (r: { ok: boolean; error?: { code: number } }) => (r.ok ? 'ok' : r.error!.code);

describe('the sats-connect connector (Xverse’s provider interface through the host’s Bitcoin entry)', () => {
  it('connects with getAccounts for both purposes: payment first, then ordinals, with their public keys', async () => {
    const { client, calls } = host({ getAccounts: accountsAnswer });
    const connector = createSatsConnectConnector(wallet, client);
    expect(await connector.connect({ caipNetworkId: CHAIN })).toMatchObject({
      ok: true,
      value: { accounts: [PAYMENT, ORDINALS], caipNetworkId: CHAIN, name: 'Xverse' },
    });
    expect(calls).toEqual([{ method: 'getAccounts', params: { purposes: ['payment', 'ordinals'] } }]);
    expect(await connector.request({ method: 'getAccounts' }, CHAIN)).toEqual({
      ok: true,
      value: [
        { address: PAYMENT, purpose: 'payment', publicKey: `02${'cd'.repeat(32)}` },
        { address: ORDINALS, purpose: 'ordinals', publicKey: 'ab'.repeat(32) },
      ],
    });
    // No silent reconnect: a reload does not restore it.
    expect(await connector.restore?.(CHAIN)).toBeNull();
  });

  it('refuses a wallet on another network and a malformed answer', async () => {
    const mainnet = host({ getAccounts: [{ address: MAINNET, purpose: 'payment' }] });
    expect(code(await createSatsConnectConnector(wallet, mainnet.client).connect({ caipNetworkId: CHAIN }))).toBe(
      -32603,
    );
    const malformed = host({ getAccounts: { accounts: 'nope' } });
    expect(code(await createSatsConnectConnector(wallet, malformed.client).connect({ caipNetworkId: CHAIN }))).toBe(
      -32603,
    );
  });

  it('signMessage and signPsbt only with connected accounts (4100, the wallet not asked), in sats-connect’s shapes', async () => {
    const { connector, calls } = await connected({
      signMessage: { signature: 'AkcwRAIg', address: PAYMENT },
      signPsbt: { psbt: 'cHNidP8BAA==', txid: TXID },
    });
    expect(
      code(await connector.request({ method: 'signMessage', params: [{ address: OTHER, message: 'hi' }] }, CHAIN)),
    ).toBe(4100);
    expect(
      code(
        await connector.request(
          { method: 'signPsbt', params: [{ psbt: 'cHNidP8=', signInputs: { [OTHER]: [0] } }] },
          CHAIN,
        ),
      ),
    ).toBe(4100);
    expect(calls).toEqual([]);
    expect(
      await connector.request(
        { method: 'signMessage', params: [{ address: ORDINALS, message: 'hi', protocol: 'ecdsa' }] },
        CHAIN,
      ),
    ).toEqual({ ok: true, value: { address: ORDINALS, signature: 'AkcwRAIg' } });
    expect(
      await connector.request(
        { method: 'signPsbt', params: [{ psbt: 'cHNidP8=', signInputs: { [PAYMENT]: [0] }, broadcast: true }] },
        CHAIN,
      ),
    ).toEqual({ ok: true, value: { psbt: 'cHNidP8BAA==', txid: TXID } });
    expect(calls).toEqual([
      { method: 'signMessage', params: { address: ORDINALS, message: 'hi', protocol: 'ECDSA' } },
      { method: 'signPsbt', params: { psbt: 'cHNidP8=', signInputs: { [PAYMENT]: [0] }, broadcast: true } },
    ]);
  });

  it('sendTransfer pays recipients of the network only (-32602 otherwise, the wallet not asked)', async () => {
    const { connector, calls } = await connected({ sendTransfer: { txid: TXID } });
    const send = (address: string) =>
      connector.request({ method: 'sendTransfer', params: [{ recipients: [{ address, amount: 5000 }] }] }, CHAIN);
    expect(code(await send(MAINNET))).toBe(-32602);
    expect(calls).toEqual([]);
    expect(await send(OTHER)).toEqual({ ok: true, value: { txid: TXID } });
    expect(calls).toEqual([{ method: 'sendTransfer', params: { recipients: [{ address: OTHER, amount: 5000 }] } }]);
  });
});
