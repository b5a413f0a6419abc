import { DEV_ACCOUNT_0 } from '../scripts/ports.mjs';
import { expect, test, urls } from './support/test';
import { answerRequest, connectWithWalletConnect } from './support/walletconnect';
import { DAPP_PROMPT, closeModal, dapp, modal, shortAddress, widget } from './support/widget';

// The demo dapp's widget paired with the WalletConnect Dev Wallet
// (a second page, another origin) through the real local relay, real anvil.

test('pairs through the QR view; the account shows in the widget and the dapp', async ({ page, context }) => {
  await page.goto(DAPP_PROMPT);
  const { address } = await connectWithWalletConnect(page, context);
  expect(address).toBe(DEV_ACCOUNT_0);
  await expect(dapp(page, 'dapp-status')).toHaveText('connected');
  await page.bringToFront();
  await page.getByRole('button', { name: 'Open widget' }).click();
  await expect(modal(page, 'Account')).toBeVisible();
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(DEV_ACCOUNT_0));
});

test('personal_sign and eth_sendTransaction approved in the Dev Wallet: valid signature, successful transaction', async ({
  page,
  context,
}) => {
  await page.goto(DAPP_PROMPT);
  const { wallet } = await connectWithWalletConnect(page, context);
  await page.bringToFront();
  await page.getByRole('button', { name: 'Sign message' }).click();
  await answerRequest(wallet, 'Approve');
  await expect(dapp(page, 'dapp-signature')).toHaveText('valid');

  await page.bringToFront();
  await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
  await answerRequest(wallet, 'Approve');
  await expect(dapp(page, 'dapp-tx')).toHaveText('success');
});

test('a request rejected in the Dev Wallet reaches the dapp as 4001', async ({ page, context }) => {
  await page.goto(DAPP_PROMPT);
  const { wallet } = await connectWithWalletConnect(page, context);
  await page.bringToFront();
  await page.getByRole('button', { name: 'Sign message' }).click();
  await answerRequest(wallet, 'Reject');
  await expect(dapp(page, 'dapp-error')).toHaveText(/^4001: /);
});

test('the wallet disconnects and the dapp sees it', async ({ page, context }) => {
  await page.goto(DAPP_PROMPT);
  const { wallet } = await connectWithWalletConnect(page, context);
  await wallet.bringToFront();
  await wallet.getByTestId('wallet-sessions').getByRole('button', { name: 'Disconnect' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  await expect(dapp(page, 'dapp-status')).toHaveText('disconnected');
  await expect(dapp(page, 'dapp-events')).toContainText('disconnect');
});

test('the relay restarts mid-session and the next request still succeeds', async ({ page, context, request }) => {
  await page.goto(DAPP_PROMPT);
  const { wallet } = await connectWithWalletConnect(page, context);
  const restarted = await request.post(`${urls.dapp}/__e2e/restart-relay`);
  expect(restarted.status()).toBe(204);
  await page.bringToFront();
  await page.getByRole('button', { name: 'Sign message' }).click();
  await answerRequest(wallet, 'Approve');
  await expect(dapp(page, 'dapp-signature')).toHaveText('valid');
});

test('disconnect from the widget deletes the session in the wallet', async ({ page, context }) => {
  await page.goto(DAPP_PROMPT);
  const { wallet } = await connectWithWalletConnect(page, context);
  await page.bringToFront();
  await page.getByRole('button', { name: 'Open widget' }).click();
  await widget(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  await expect(wallet.getByTestId('wallet-sessions').getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
  await closeModal(page);
});
