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

test('a request rejected in the Dev Wallet reaches the dapp as 4001; EIP-5792 the session did not grant is 4200', async ({
  page,
  context,
}) => {
  await page.goto(DAPP_PROMPT);
  const { wallet } = await connectWithWalletConnect(page, context);
  await page.bringToFront();
  await page.getByRole('button', { name: 'Sign message' }).click();
  await answerRequest(wallet, 'Reject');
  await expect(dapp(page, 'dapp-error')).toHaveText(/^4001: /);

  // EIP-5792 reaches a WalletConnect wallet only when its session granted the method: the Dev Wallet's
  // does not, so the widget answers 4200 itself and the wallet never sees the request.
  const answer = await page.evaluate(() =>
    (
      window as unknown as {
        __airlockDemoWidget: { getProvider(ns: 'eip155'): { request(a: unknown): Promise<unknown> } };
      }
    ).__airlockDemoWidget
      .getProvider('eip155')
      .request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }],
          },
        ],
      })
      .then(
        () => null,
        (e: { code?: number; message?: string }) => ({ code: e.code, message: e.message }),
      ),
  );
  expect(answer).toEqual({
    code: 4200,
    message:
      'The connected wallet does not support wallet_sendCalls (EIP-5792): its WalletConnect session did not grant it',
  });
  await expect(wallet.getByTestId('wallet-status')).toHaveText('Request rejected');
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
