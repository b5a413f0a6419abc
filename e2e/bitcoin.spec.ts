import { Verifier } from 'bip322-js';
import type { Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import { DAPP_HOST, expectSessionAfterReload, revokeSession, serverSays, signIn } from './support/siwx';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { dapp, modal, shortAddress, showAccount, widget } from './support/widget';

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

/** Regtest dev account 0's addresses, the Dev Bitcoin Wallet's (apps/bitcoin-esplora/README.md). */
const PAYMENT = 'bcrt1qt3snut5dqmen4ja6msewes2vym9qmg3kqpswjr';
const ORDINALS = 'bcrt1pwzmgzd0jvxj9zd4jevwjlw2cu553fk36vvyqlh7jazm52y54ezjqywl9tm';
/** The demo's fixed message (apps/demo-dapp/src/bitcoinCard.ts). */
const MESSAGE = 'Sign in to the Airlock demo dapp on Bitcoin.';

const AUTO = `${urls.dapp}/?autoApprove=1&bitcoin=1`;
const PROMPT = `${urls.dapp}/?bitcoin=1`;

/** Connects the Dev Bitcoin Wallet from the dapp's `Connect Bitcoin` (requestAccounts) and the Connect list. */
async function connectDevBitcoinWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Bitcoin' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Dev Bitcoin Wallet' }).click();
  await expect(dapp(page, 'dapp-bitcoin-account')).toHaveText(PAYMENT);
}

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
