import { base64 } from '@scure/base';
import { Address, OutScript, TEST_NETWORK, Transaction } from '@scure/btc-signer';
import { Verifier } from 'bip322-js';
import type { Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import { DAPP_PROMPT } from './support/widget';

/**
 * The Dev Bitcoin Wallet on the demo page, in Chromium, against the stack's regtest stand-in
 * (apps/bitcoin-esplora), before the widget has a bip122 connector: the page's Wallet Standard
 * registry finds it, each request asks in its panel, a BIP-322 signature verifies with bip322-js,
 * a rejection is 4001, and a PSBT it signs and sends lands in the stand-in's mempool.
 */

const REGTEST = { ...TEST_NETWORK, bech32: 'bcrt' };
const PAYMENT = 'bcrt1qt3snut5dqmen4ja6msewes2vym9qmg3kqpswjr';
const ORDINALS = 'bcrt1pwzmgzd0jvxj9zd4jevwjlw2cu553fk36vvyqlh7jazm52y54ezjqywl9tm';
/** Regtest dev account 1's payment address (apps/bitcoin-esplora/README.md). */
const RECIPIENT = 'bcrt1q0hwg3vrapy23kj4e8esjuscz8s9chnf8mt444s';

/** Calls a feature of the page's Dev Bitcoin Wallet (found through the Wallet Standard) with the account of `address`. */
const call = (page: Page, feature: string, input: Record<string, unknown>) =>
  page.evaluate(
    async ({ feature, input }) => {
      const wallets: any[] = [];
      const api = { register: (...w: any[]) => (wallets.push(...w), () => {}) };
      dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
      const wallet = wallets.find((w) => w.name === 'Dev Bitcoin Wallet');
      if (!wallet) return { missing: true };
      if (feature === 'probe') return { missing: false };
      const f = wallet.features[feature];
      const method = feature.split(':')[1]!;
      const account = (address: unknown) => wallet.accounts.find((a: any) => a.address === address);
      const arg: any = { ...input };
      if (arg.address) arg.account = account(arg.address);
      delete arg.address;
      if (arg.message) arg.message = new TextEncoder().encode(arg.message);
      if (arg.psbt) arg.psbt = Uint8Array.from(arg.psbt);
      if (arg.inputsToSign)
        arg.inputsToSign = arg.inputsToSign.map((s: any) => ({
          signingIndexes: s.signingIndexes,
          account: account(s.address),
        }));
      try {
        const out = await f[method](arg);
        const first = Array.isArray(out) ? out[0] : out;
        if (first.accounts) return { accounts: first.accounts.map((a: any) => a.address) };
        if (first.signature) return { signature: Array.from(first.signature as Uint8Array) };
        return first;
      } catch (error) {
        return { code: (error as { code?: number }).code };
      }
    },
    { feature, input },
  );

/** Answers the wallet's next prompt in its panel. */
const answer = async (page: Page, button: 'Approve' | 'Reject', method: string) => {
  const panel = page.getByRole('dialog', { name: 'Dev Bitcoin Wallet request' });
  await expect(panel.getByTestId('devwallet-method')).toHaveText(method);
  await panel.getByRole('button', { name: button }).click();
};

test('the Dev Bitcoin Wallet connects, signs BIP-322 (verified by bip322-js), refuses with 4001, and sends a PSBT to the stand-in', async ({
  page,
}) => {
  await page.goto(DAPP_PROMPT);
  // Its chunk loads after the page: wait until the Wallet Standard registry names it.
  await expect.poll(async () => ((await call(page, 'probe', {})) as { missing?: boolean }).missing).toBe(false);

  const connected = call(page, 'bitcoin:connect', { purposes: ['payment', 'ordinals'] });
  await answer(page, 'Approve', 'bitcoin:connect');
  expect(await connected).toEqual({ accounts: [PAYMENT, ORDINALS] });

  const text = `Sign in to the Airlock demo dapp.\n\nNonce: ${Date.now()}`;
  const signed = call(page, 'bitcoin:signMessage', { address: ORDINALS, message: text });
  await answer(page, 'Approve', 'bitcoin:signMessage');
  const signature = base64.encode(Uint8Array.from(((await signed) as { signature: number[] }).signature));
  expect(Verifier.verifySignature(ORDINALS, text, signature)).toBe(true);

  const refused = call(page, 'bitcoin:signMessage', { address: PAYMENT, message: 'no' });
  await answer(page, 'Reject', 'bitcoin:signMessage');
  expect(await refused).toEqual({ code: 4001 });

  // A PSBT paying 0.001 BTC to dev account 1 from one of the wallet's payment outputs, built here like a dapp would.
  const utxos = (await (await fetch(`${urls.bitcoinEsplora}/address/${PAYMENT}/utxo`)).json()) as {
    txid: string;
    vout: number;
    value: number;
  }[];
  const utxo = utxos.find((u) => u.value >= 1_000_000)!;
  const script = OutScript.encode(Address(REGTEST).decode(PAYMENT));
  const tx = new Transaction();
  tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script, amount: BigInt(utxo.value) } });
  tx.addOutputAddress(RECIPIENT, 100_000n, REGTEST);
  tx.addOutputAddress(PAYMENT, BigInt(utxo.value) - 100_000n - 300n, REGTEST);
  const sent = call(page, 'bitcoin:signAndSendTransaction', {
    psbt: Array.from(tx.toPSBT()),
    chain: 'bitcoin:regtest',
    inputsToSign: [{ address: PAYMENT, signingIndexes: [0] }],
  });
  const panel = page.getByRole('dialog', { name: 'Dev Bitcoin Wallet request' });
  await expect(panel).toContainText(`Output 0: ${RECIPIENT}, 0.00100000 BTC`);
  await expect(panel).toContainText('Fee: 0.00000300 BTC');
  await answer(page, 'Approve', 'bitcoin:signAndSendTransaction');
  const { txId } = (await sent) as { txId: string };
  expect(txId).toMatch(/^[0-9a-f]{64}$/);
  const received = (await (await fetch(`${urls.bitcoinEsplora}/address/${RECIPIENT}/utxo`)).json()) as {
    txid: string;
    value: number;
  }[];
  expect(received).toContainEqual(expect.objectContaining({ txid: txId, value: 100_000 }));
});
