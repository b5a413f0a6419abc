import { Verifier } from 'bip322-js';
import {
  AUTO,
  MESSAGE,
  ORDINALS,
  ORDINALS_2,
  PAYMENT,
  PAYMENT_2,
  PROMPT,
  connectDevBitcoinWallet,
  esplora,
  freshAddress,
} from './support/bitcoin';
import { expect, test, urls } from './support/test';
import { DAPP_HOST, expectSessionAfterReload, revokeSession, serverSays, signIn } from './support/siwx';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { answerRequest, openDevWallet, pairAndApprove, readPairingUri } from './support/walletconnect';
import { ADDRESS, closeModal, dapp, modal, shortAddress, showAccount, widget } from './support/widget';

// Chromium as people run it: third-party storage partitioned, so the frame keeps its sessions (sign-in).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/**
 * Bitcoin (bip122) through the widget, in Chromium on the demo page with `?bitcoin=1` (the
 * regtest network of the stack's stand-in and the opt-in Bitcoin host entry): the Dev Bitcoin
 * Wallet (Wallet Standard) connects from the Connect list, the Account view shows its payment
 * address and the BTC balance the provider API reads from the stand-in, the dapp's
 * `getProvider('bip122')` gets both accounts and a BIP-322 signature that bip322-js verifies, a
 * rejection is 4001, a reload restores, the network switches to eip155 and back, and sign-in on
 * bip122 (CAIP-122 text, BIP-322 signature) is verified by the provider API.
 */

test('the Dev Bitcoin Wallet connects: payment and ordinals accounts, the BTC balance from the API, Receive', async ({
  page,
}) => {
  await page.goto(AUTO);
  await expect(dapp(page, 'dapp-bitcoin-account')).toHaveText('Not connected');
  await connectDevBitcoinWallet(page);
  await expect(dapp(page, 'dapp-bitcoin-ordinals')).toHaveText(ORDINALS);

  await showAccount(page);
  const frame = widget(page);
  await expect(frame.getByTestId('account-address')).toHaveText(shortAddress(PAYMENT));
  await expect(frame.getByTestId('account-network')).toHaveText('Bitcoin Regtest');
  await expect(frame.getByTestId('account-balance')).toHaveText(/^[1-9][\d,]*\.\d+ BTC$|^0\.\d*[1-9]\d* BTC$/);
  // The bip122 details: the ordinals address, the balance split as the API reads it from the stand-in.
  await expect(frame.getByTestId('bip122-ordinals')).toHaveText(shortAddress(ORDINALS));
  await expect(frame.getByTestId('bip122-confirmed')).toHaveText(/^[\d,.]+ BTC$/);
  await expect(frame.getByTestId('bip122-unconfirmed')).toHaveText(/^-?[\d,.]+ BTC$/);

  await frame.getByRole('button', { name: 'Receive' }).click();
  const receive = modal(page, 'Receive');
  await expect(receive.getByTestId('receive-address')).toHaveText(PAYMENT);
  await expect(receive.getByTestId('receive-network')).toHaveText('Bitcoin Regtest');
  await expect(receive.getByTestId('receive-qr')).toBeVisible();
});

test('the wallet switches account: the dapp’s bip122 provider emits accountsChanged, getAccounts and the Account view follow, signing uses the new address', async ({
  page,
}) => {
  await page.goto(AUTO);
  await connectDevBitcoinWallet(page);
  // The page counts the provider's accountsChanged events (what a dapp listens to).
  await page.evaluate(() => {
    const w = window as unknown as {
      __airlockDemoWidget: { getProvider(ns: string): { on(e: string, l: (a: string[]) => void): void } };
      __bip122Changes: string[][];
    };
    w.__bip122Changes = [];
    w.__airlockDemoWidget.getProvider('bip122').on('accountsChanged', (a) => w.__bip122Changes.push(a));
  });
  await page.getByRole('button', { name: 'Dev Bitcoin Wallet: switch account' }).click();
  await expect(dapp(page, 'dapp-bitcoin-account')).toHaveText(PAYMENT_2);
  await expect(dapp(page, 'dapp-bitcoin-ordinals')).toHaveText(ORDINALS_2);
  expect(await page.evaluate(() => (window as unknown as { __bip122Changes: string[][] }).__bip122Changes)).toEqual([
    [PAYMENT_2],
  ]);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(PAYMENT_2));
  await closeModal(page);
  await page.getByRole('button', { name: 'Sign Bitcoin message' }).click();
  await expect(dapp(page, 'dapp-bitcoin-signature')).not.toBeEmpty();
  expect(
    Verifier.verifySignature(PAYMENT_2, MESSAGE, (await dapp(page, 'dapp-bitcoin-signature').textContent())!),
  ).toBe(true);
});

test('signMessage through the widget is a BIP-322 signature of the dapp’s message, verified by bip322-js', async ({
  page,
}) => {
  await page.goto(AUTO);
  await connectDevBitcoinWallet(page);
  await page.getByRole('button', { name: 'Sign Bitcoin message' }).click();
  await expect(dapp(page, 'dapp-bitcoin-signature')).not.toBeEmpty();
  const signature = (await dapp(page, 'dapp-bitcoin-signature').textContent())!;
  expect(Verifier.verifySignature(PAYMENT, MESSAGE, signature)).toBe(true);
  expect(Verifier.verifySignature(PAYMENT, `${MESSAGE}!`, signature)).toBe(false);
});

test('a rejection in the Dev Bitcoin Wallet is 4001 for the dapp and "Connection rejected" in the widget', async ({
  page,
}) => {
  await page.goto(PROMPT);
  await page.getByRole('button', { name: 'Connect Bitcoin' }).click();
  await widget(page).getByRole('button', { name: 'Dev Bitcoin Wallet' }).click();
  const panel = page.getByRole('dialog', { name: 'Dev Bitcoin Wallet request' });
  await expect(panel.getByTestId('devwallet-method')).toHaveText('bitcoin:connect');
  await panel.getByRole('button', { name: 'Reject' }).click();
  await expect(widget(page).getByText('Connection rejected')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Close' }).click();
  await expect(dapp(page, 'dapp-bitcoin-error')).toHaveText(/^4001: /);
  await expect(dapp(page, 'dapp-bitcoin-account')).toHaveText('Not connected');
});

test('a reload restores the Bitcoin connection silently', async ({ page }) => {
  await page.goto(AUTO);
  await connectDevBitcoinWallet(page);
  await page.reload();
  await expect(dapp(page, 'dapp-bitcoin-account')).toHaveText(PAYMENT);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(PAYMENT));
  await expect(widget(page).getByTestId('account-network')).toHaveText('Bitcoin Regtest');
});

test('bip122 → eip155 and back: SwitchActiveChain asks for a wallet of the other namespace', async ({ page }) => {
  await page.goto(AUTO);
  await connectDevBitcoinWallet(page);
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Anvil A', exact: true }).click();
  const switching = modal(page, 'Switch network');
  await expect(switching.getByTestId('switch-active-chain')).toContainText(
    'Dev Bitcoin Wallet has no account on Anvil A',
  );
  await switching.getByRole('button', { name: 'Connect a wallet' }).click();
  await widget(page).getByRole('button', { name: 'Dev Wallet', exact: true }).click();
  await expect(dapp(page, 'dapp-account')).not.toHaveText('Not connected');
  await expect(dapp(page, 'dapp-bitcoin-account')).toHaveText('Not connected');
  await expect(dapp(page, 'dapp-chain')).toHaveText('31337');

  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Bitcoin Regtest', exact: true }).click();
  await expect(modal(page, 'Switch network').getByTestId('switch-active-chain')).toContainText(
    'Dev Wallet has no account on Bitcoin Regtest',
  );
  await modal(page, 'Switch network').getByRole('button', { name: 'Connect a wallet' }).click();
  await widget(page).getByRole('button', { name: 'Dev Bitcoin Wallet' }).click();
  await expect(dapp(page, 'dapp-bitcoin-account')).toHaveText(PAYMENT);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-network')).toHaveText('Bitcoin Regtest');
});

test('Sign In With Bitcoin (CAIP-122, BIP-322): the provider API verifies the signature, the dapp server the token', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/?autoApprove=1&siwx=1&bitcoin=1`);
  await connectDevBitcoinWallet(page);
  await expect(modal(page, 'Sign In')).toBeVisible();
  await expect(widget(page).getByTestId('siwx-origin')).toHaveText(urls.dapp);
  const sent = await signIn(page);
  expect(sent.message.split('\n').slice(0, 2)).toEqual([
    `${DAPP_HOST} wants you to sign in with your Bitcoin account:`,
    PAYMENT,
  ]);
  expect(Verifier.verifySignature(PAYMENT, sent.message, sent.signature)).toBe(true);
  await expect(dapp(page, 'dapp-siwx-account')).toHaveText(`bip122:0f9188f13cb7b2c71f2a335e3a4fc328:${PAYMENT}`);
  expect(await serverSays(page)).toBe('valid');
  await expectSessionAfterReload(page);
  await revokeSession(page);
});

test('WalletConnect bip122: the WalletConnect Dev Wallet’s session brings its Bitcoin account; a BIP-322 signature and Send BTC over the local relay', async ({
  page,
  context,
}) => {
  /** The WalletConnect Dev Wallet's bip122 account: regtest dev account 1 (apps/dev-wallet/README.md). */
  const WC_PAYMENT = 'bcrt1q0hwg3vrapy23kj4e8esjuscz8s9chnf8mt444s';
  await page.goto(PROMPT);
  const wallet = await openDevWallet(context);
  await pairAndApprove(wallet, await readPairingUri(page));
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);

  // The session has a bip122 account: the switch needs no other wallet.
  await page.bringToFront();
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Bitcoin Regtest', exact: true }).click();
  await expect(dapp(page, 'dapp-bitcoin-account')).toHaveText(WC_PAYMENT);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(WC_PAYMENT));

  // signMessage → WalletConnect signMessage, asked in the Dev Wallet, verified by bip322-js.
  await closeModal(page);
  await page.getByRole('button', { name: 'Sign Bitcoin message' }).click();
  await answerRequest(wallet, 'Approve');
  await page.bringToFront();
  await expect(dapp(page, 'dapp-bitcoin-signature')).not.toBeEmpty();
  const signature = (await dapp(page, 'dapp-bitcoin-signature').textContent())!;
  expect(Verifier.verifySignature(WC_PAYMENT, MESSAGE, signature)).toBe(true);

  // Send BTC: the PSBT goes to the wallet as signPsbt with broadcast; the wallet shows what moves, signs and sends.
  const receiver = freshAddress();
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Send' }).click();
  const send = modal(page, 'Send');
  await send.getByLabel('Amount (BTC)').fill('0.0005');
  await send.getByLabel('Receiver address').fill(receiver);
  await send
    .getByTestId('bip122-fee-speed')
    .getByRole('radio', { name: /Standard/ })
    .check();
  await send.getByRole('button', { name: 'Review' }).click();
  await expect(send.getByTestId('review-fee')).toHaveText(/\(2 sat\/vB\)/);
  const feeSats = Math.round(
    Number(/^([\d.]+) BTC/.exec((await send.getByTestId('review-fee').textContent())!)![1]) * 1e8,
  );
  await send.getByRole('button', { name: 'Send' }).click();
  await wallet.bringToFront();
  const request = wallet.getByRole('dialog', { name: 'Request' });
  await expect(request).toContainText(`${receiver}, 0.00050000 BTC`);
  // Its Fee row (label, then value) is the review's fee.
  await expect(request).toContainText(`Fee${(feeSats / 1e8).toFixed(8)} BTC`);
  await answerRequest(wallet, 'Approve');
  await page.bringToFront();
  await expect(modal(page, 'Account')).toBeVisible();
  const [coin] = await esplora<{ txid: string; value: number }[]>(`/address/${receiver}/utxo`);
  expect(coin!.value).toBe(50_000);
  expect((await esplora<{ fee: number }>(`/tx/${coin!.txid}`)).fee).toBe(feeSats);
});

test('multi-wallet: the Dev Bitcoin Wallet beside the Dev Wallet (eip155), each namespace with its own active connection; switching networks shows each without reconnecting', async ({
  page,
}) => {
  // The project's remote configuration allows multi-wallet; the page turns it on (?multiWallet=1).
  await page.context().route(`${urls.api}/appkit/v1/config**`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { features?: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, features: { ...body.features, multiWallet: true } } });
  });
  type Listed = { connectorId: string; name: string; active: boolean; accounts: { address: string }[] };
  const connections = (namespace: string) =>
    page.evaluate(
      (ns) =>
        (
          window as unknown as { __airlockDemoWidget: { getConnections(ns: string): Promise<Listed[]> } }
        ).__airlockDemoWidget.getConnections(ns),
      namespace,
    );
  const listed = async (namespace: string) =>
    (await connections(namespace)).map((c) => [c.name, c.active, c.accounts[0]?.address]);
  await page.goto(`${AUTO}&multiWallet=1`);
  await connectDevBitcoinWallet(page);

  // Anvil A: the Bitcoin wallet has no eip155 account, so Connect; it stays connected on bip122.
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Anvil A', exact: true }).click();
  await modal(page, 'Switch network').getByRole('button', { name: 'Connect a wallet' }).click();
  await widget(page).getByRole('button', { name: 'Dev Wallet', exact: true }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  const evmAccount = (await dapp(page, 'dapp-account').textContent())!;
  await expect.poll(() => listed('bip122')).toEqual([['Dev Bitcoin Wallet', true, PAYMENT]]);
  expect(await listed('eip155')).toEqual([['Dev Wallet', true, evmAccount]]);

  // Back to Bitcoin Regtest: the bip122 connection is shown again, no SwitchActiveChain, no prompt.
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Bitcoin Regtest', exact: true }).click();
  await expect(modal(page, 'Account')).toBeVisible();
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(PAYMENT));
  await expect(dapp(page, 'dapp-bitcoin-account')).toHaveText(PAYMENT);
  // It still signs (its connector never disconnected).
  await closeModal(page);
  await page.getByRole('button', { name: 'Sign Bitcoin message' }).click();
  await expect(dapp(page, 'dapp-bitcoin-signature')).not.toBeEmpty();
  expect(Verifier.verifySignature(PAYMENT, MESSAGE, (await dapp(page, 'dapp-bitcoin-signature').textContent())!)).toBe(
    true,
  );

  // And Anvil A again: the Dev Wallet's account, both connections still listed and active in their namespace.
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Anvil A', exact: true }).click();
  await expect(modal(page, 'Account')).toBeVisible();
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(evmAccount));
  await expect(dapp(page, 'dapp-chain')).toHaveText('31337');
  expect(await listed('bip122')).toEqual([['Dev Bitcoin Wallet', true, PAYMENT]]);
  expect(await listed('eip155')).toEqual([['Dev Wallet', true, evmAccount]]);
});
