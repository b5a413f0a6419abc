import { type BitcoinEsplora, startBitcoinEsplora } from '@airlock/bitcoin-esplora';
import { base64 } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { Verifier } from 'bip322-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../devWallet/approval.ts';
import { devBitcoinKeys, REGTEST } from './keys.ts';
import { formatBtc } from './psbt.ts';
import { createDevBitcoinWallet, type DevBitcoinWallet, DevBitcoinWalletError } from './wallet.ts';

const keys = devBitcoinKeys(0);
let esplora: BitcoinEsplora;
beforeAll(async () => {
  esplora = await startBitcoinEsplora({ port: 0, blockIntervalMs: 0 });
});
afterAll(() => esplora?.stop());

/** A wallet with an in-memory storage and an approver that records each request and answers `answer`. */
const setup = (answer: boolean | ((request: ApprovalRequest) => boolean) = true) => {
  const asked: ApprovalRequest[] = [];
  const map = new Map<string, string>();
  const wallet = createDevBitcoinWallet({
    keys,
    esploraUrl: esplora.url,
    approve: async (request) => {
      asked.push(request);
      return typeof answer === 'function' ? answer(request) : answer;
    },
    storage: {
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    },
  });
  return { wallet, asked };
};
const feature = (wallet: Wallet, name: string) => (wallet.features as Record<string, any>)[name];
const connect = async (wallet: Wallet, purposes = ['payment', 'ordinals']) =>
  (await feature(wallet, 'bitcoin:connect').connect({ purposes })).accounts as WalletAccount[];

/** A PSBT spending all of account 0's coins to `to` (change back to payment), as a dapp or the widget would build it. */
const buildPsbt = async (to: string, amount: bigint, fee: bigint) => {
  const tx = new Transaction();
  let total = 0n;
  for (const key of [keys.payment, keys.ordinals]) {
    const utxos = (await (await fetch(`${esplora.url}/address/${key.address}/utxo`)).json()) as {
      txid: string;
      vout: number;
      value: number;
    }[];
    for (const u of utxos) {
      tx.addInput({ txid: u.txid, index: u.vout, witnessUtxo: { script: key.script, amount: BigInt(u.value) } });
      total += BigInt(u.value);
    }
  }
  tx.addOutputAddress(to, amount, REGTEST);
  tx.addOutputAddress(keys.payment.address, total - amount - fee, REGTEST);
  return tx;
};

describe('Dev Bitcoin Wallet (Wallet Standard bitcoin:*)', () => {
  it('holds regtest dev account 0 of the stand-in: payment p2wpkh and ordinals p2tr', () => {
    expect(keys.payment.address).toBe('bcrt1qt3snut5dqmen4ja6msewes2vym9qmg3kqpswjr');
    expect(keys.ordinals.address).toBe('bcrt1pwzmgzd0jvxj9zd4jevwjlw2cu553fk36vvyqlh7jazm52y54ezjqywl9tm');
    expect(esplora.devAccounts[0]!.payment.address).toBe(keys.payment.address);
    expect(esplora.devAccounts[0]!.ordinals.address).toBe(keys.ordinals.address);
    expect(formatBtc(12_345n)).toBe('0.00012345 BTC');
  });

  it('connects after an approval, answering the accounts in the order of the purposes; a rejection is 4001', async () => {
    const rejected = setup(false);
    await expect(connect(rejected.wallet)).rejects.toMatchObject({ code: 4001 });
    expect(rejected.wallet.accounts).toEqual([]);
    const { wallet, asked } = setup();
    const changes: unknown[] = [];
    feature(wallet, 'standard:events').on('change', (c: unknown) => changes.push(c));
    const accounts = await connect(wallet, ['ordinals', 'payment']);
    expect(accounts.map((a) => a.address)).toEqual([keys.ordinals.address, keys.payment.address]);
    expect(accounts[0]!.publicKey).toHaveLength(32);
    expect(accounts[1]!.publicKey).toHaveLength(33);
    expect(asked).toEqual([
      {
        method: 'bitcoin:connect',
        summary: [expect.stringContaining('Ordinals: bcrt1p'), expect.stringContaining('Payment: bcrt1q')],
      },
    ]);
    expect(changes).toHaveLength(1);
    // Already authorised: no second prompt.
    await connect(wallet, ['payment']);
    expect(asked).toHaveLength(1);
  });

  it('signs a message with BIP-322 simple for both addresses, which bip322-js verifies', async () => {
    const { wallet, asked } = setup();
    const accounts = await connect(wallet);
    const text = 'Sign in to the Airlock demo dapp.\n\nNonce: 8f2c';
    const message = new TextEncoder().encode(text);
    for (const account of accounts) {
      const [output] = await feature(wallet, 'bitcoin:signMessage').signMessage({ account, message });
      const signature = base64.encode(output.signature);
      expect(output.signedMessage).toEqual(message);
      expect(Verifier.verifySignature(account.address, text, signature)).toBe(true);
      expect(Verifier.verifySignature(account.address, `${text}!`, signature)).toBe(false);
    }
    expect(asked.at(-1)).toMatchObject({
      method: 'bitcoin:signMessage',
      summary: expect.arrayContaining([`Message: ${text}`]),
    });
  });

  it('signs a message with ECDSA (legacy, BIP-137) for the payment address when asked, which bip322-js verifies strictly; taproot refused', async () => {
    const { wallet, asked } = setup();
    const [payment, ordinals] = await connect(wallet);
    const text = 'Hello from a legacy verifier';
    const message = new TextEncoder().encode(text);
    const sign = feature(wallet, 'bitcoin:signMessage').signMessage;
    const [output] = await sign({ account: payment, message, protocol: 'ecdsa' });
    expect(output.signature).toHaveLength(65);
    expect(output.signature[0]).toBeGreaterThanOrEqual(39); // BIP-137: p2wpkh (bech32) header 39–42
    const signature = base64.encode(output.signature);
    expect(Verifier.verifySignature(payment!.address, text, signature, true)).toBe(true);
    expect(Verifier.verifySignature(payment!.address, `${text}!`, signature, true)).toBe(false);
    expect(asked.at(-1)).toMatchObject({ summary: expect.arrayContaining(['Signature: ECDSA (legacy, BIP-137)']) });
    await expect(sign({ account: ordinals, message, protocol: 'ecdsa' })).rejects.toMatchObject({ code: -32602 });
  });

  it('switchAccount moves it to another dev account and tells the standard:events listeners (only once approved)', async () => {
    const { wallet } = setup();
    const changes: string[][] = [];
    feature(wallet, 'standard:events').on('change', ({ accounts }: { accounts: WalletAccount[] }) =>
      changes.push(accounts.map((a) => a.address)),
    );
    const other = devBitcoinKeys(2);
    (wallet as DevBitcoinWallet).switchAccount(other);
    expect(changes).toEqual([]); // not approved yet: nothing to tell
    (wallet as DevBitcoinWallet).switchAccount(keys);
    await connect(wallet);
    (wallet as DevBitcoinWallet).switchAccount(other);
    expect(changes.at(-1)).toEqual([other.payment.address, other.ordinals.address]);
    expect(wallet.accounts.map((a) => a.address)).toEqual([other.payment.address, other.ordinals.address]);
    const [output] = await feature(wallet, 'bitcoin:signMessage').signMessage({
      account: wallet.accounts[0],
      message: new TextEncoder().encode('hi'),
    });
    expect(Verifier.verifySignature(other.payment.address, 'hi', base64.encode(output.signature))).toBe(true);
  });

  it('refuses to sign for an account it does not hold, or before connecting (4100)', async () => {
    const { wallet } = setup();
    const message = new TextEncoder().encode('hi');
    const payment = { address: keys.payment.address, publicKey: keys.payment.publicKey, chains: [], features: [] };
    await expect(
      feature(wallet, 'bitcoin:signMessage').signMessage({ account: payment, message }),
    ).rejects.toMatchObject({
      code: 4100,
    });
    await connect(wallet);
    const stranger = { ...payment, address: esplora.devAccounts[1]!.payment.address };
    await expect(
      feature(wallet, 'bitcoin:signMessage').signMessage({ account: stranger, message }),
    ).rejects.toBeInstanceOf(DevBitcoinWalletError);
  });

  it('signs the PSBT inputs it is asked to, shows inputs, outputs and fee, and the stand-in accepts the result', async () => {
    const { wallet, asked } = setup();
    const [payment, ordinals] = await connect(wallet);
    const to = esplora.devAccounts[2]!.payment.address;
    const psbt = await buildPsbt(to, 25_000n, 800n);
    const indexes = Array.from({ length: psbt.inputsLength }, (_, i) => i);
    const [output] = await feature(wallet, 'bitcoin:signTransaction').signTransaction({
      psbt: psbt.toPSBT(),
      chain: 'bitcoin:regtest',
      inputsToSign: [
        { account: payment, signingIndexes: indexes.slice(0, -1) },
        { account: ordinals, signingIndexes: indexes.slice(-1) },
      ],
    });
    expect(asked.at(-1)!.summary).toEqual(
      expect.arrayContaining([
        `Output 0: ${to}, 0.00025000 BTC`,
        'Fee: 0.00000800 BTC',
        expect.stringMatching(/^Input 2 \(you sign\): bcrt1p/),
      ]),
    );
    const signed = Transaction.fromPSBT(output.signedPsbt);
    signed.finalize();
    const res = await fetch(`${esplora.url}/tx`, { method: 'POST', body: signed.hex });
    expect(await res.text()).toBe(signed.id);
  });

  it('signs and sends through the stand-in (bitcoin:signAndSendTransaction); a rejection sends nothing', async () => {
    await fetch(`${esplora.url}/regtest/mine`, { method: 'POST' });
    const rejected = setup((request) => request.method === 'bitcoin:connect');
    await connect(rejected.wallet, ['payment']);
    const { wallet } = setup();
    const [payment] = await connect(wallet, ['payment']);
    const to = esplora.devAccounts[3]!.payment.address;
    const psbt = await buildPsbt(to, 40_000n, 500n);
    const input = {
      psbt: psbt.toPSBT(),
      chain: 'bitcoin:regtest',
      inputsToSign: [{ account: payment, signingIndexes: [0] }],
    };
    await expect(
      feature(rejected.wallet, 'bitcoin:signAndSendTransaction').signAndSendTransaction(input),
    ).rejects.toMatchObject({ code: 4001 });
    const pending = (await (await fetch(`${esplora.url}/address/${keys.payment.address}`)).json()).mempool_stats;
    expect(pending.tx_count).toBe(0);
    const [{ txId }] = await feature(wallet, 'bitcoin:signAndSendTransaction').signAndSendTransaction(input);
    const utxos = (await (await fetch(`${esplora.url}/address/${to}/utxo`)).json()) as {
      txid: string;
      value: number;
    }[];
    expect(utxos).toContainEqual(expect.objectContaining({ txid: txId, value: 40_000 }));
    // A PSBT naming an input it does not have is refused before anything is asked.
    await expect(
      feature(wallet, 'bitcoin:signTransaction').signTransaction({
        ...input,
        inputsToSign: [{ account: payment, signingIndexes: [9] }],
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});
