import { expectActivity } from './support/api';
import { pickOption, pickerButton } from './support/picker';
import { expect, test } from './support/test';
import { SOLANA_ACCOUNT, connectDevSolanaWallet, lamportsOf, randomSolanaAddress, solanaRpc } from './support/solana';
import type { Locator } from '@playwright/test';
import {
  DAPP_AUTO_APPROVE,
  DAPP_PROMPT,
  dapp,
  expectWidgetFocused,
  modal,
  shortAddress,
  showAccount,
  widget,
} from './support/widget';

/** Picks the Send view's token `symbol` in its searchable picker. */
async function pickToken(send: Locator, symbol: string): Promise<void> {
  await pickOption(send, 'Token', symbol);
}

test('the Dev Solana Wallet connects through the Wallet Standard bridge: address, SOL and SPL balances', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await expect(dapp(page, 'dapp-solana-account')).toHaveText('Not connected');
  await connectDevSolanaWallet(page);

  await showAccount(page);
  const frame = widget(page);
  await expect(frame.getByTestId('account-address')).toHaveText(shortAddress(SOLANA_ACCOUNT));
  await expect(frame.getByTestId('account-network')).toHaveText('Solana Local');
  await expect(frame.getByTestId('account-balance')).toHaveText(/^\d+\.\d{3} SOL$/);
  const dev = frame.getByTestId('token-row').filter({ hasText: 'DEV' });
  await expect(dev).toBeVisible();
  await expect(dev.getByTestId('token-quantity')).toHaveText(/^[\d,]+\.\d{3}/);
});

test('signMessage through the widget is an ed25519 signature of the dapp’s bytes by the account', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevSolanaWallet(page);
  await page.getByRole('button', { name: 'Sign Solana message' }).click();
  await expect(dapp(page, 'dapp-solana-signature')).toHaveText('valid');
});

test('a rejection in the wallet is 4001 for the dapp and "Connection rejected" in the widget', async ({ page }) => {
  await page.goto(DAPP_PROMPT);
  await page.getByRole('button', { name: 'Connect Solana' }).click();
  await widget(page).getByRole('button', { name: 'Dev Solana Wallet' }).click();
  const panel = page.getByRole('dialog', { name: 'Dev Solana Wallet request' });
  await panel.getByRole('button', { name: 'Reject' }).click();
  await expect(widget(page).getByText('Connection rejected')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Close' }).click();
  await expect(dapp(page, 'dapp-solana-error')).toHaveText(/^4001: /);
  await expect(dapp(page, 'dapp-solana-account')).toHaveText('Not connected');
});

test('a reload restores the Solana connection silently', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevSolanaWallet(page);
  await page.reload();
  await expect(dapp(page, 'dapp-solana-account')).toHaveText(SOLANA_ACCOUNT);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(SOLANA_ACCOUNT));
});

test('Send SOL and an SPL token from the widget: SOL preselected, Max, a review with fee, deposit and total; confirmed on the local chain', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevSolanaWallet(page);
  await showAccount(page);
  const frame = widget(page);
  // The balance as read (not the loading placeholder, which any read figure would differ from).
  await expect(frame.getByTestId('account-balance')).toHaveAttribute('data-state', 'ready');
  const balanceBefore = await frame.getByTestId('account-balance').textContent();

  // SOL to a fresh address: SOL is preselected, Max fills the balance less one signature's fee,
  // and the review shows the fee and the total before the wallet is asked.
  const solReceiver = randomSolanaAddress();
  await frame.getByRole('button', { name: 'Send' }).click();
  const send = modal(page, 'Send');
  await expect(pickerButton(send, 'Token')).toHaveAttribute('data-value', 'native');
  await send.getByRole('button', { name: 'Max' }).click();
  await expect(send.getByLabel('Amount')).toHaveValue(/^\d+\.\d*99995$/);
  await send.getByLabel('Amount').fill('0.5');
  await expect(send.getByTestId('send-fiat')).toHaveText('≈ $75.00');
  await send.getByLabel('Receiver address').fill('not-an-address');
  await send.getByRole('button', { name: 'Review' }).click();
  await expect(send.getByTestId('send-error')).toHaveText('Invalid address: base58, 32 to 44 characters');
  await send.getByLabel('Receiver address').fill(solReceiver);
  await send.getByRole('button', { name: 'Review' }).click();
  await expect(send.getByTestId('review-network')).not.toBeEmpty();
  await expect(send.getByTestId('review-fee')).toHaveText('0.000005 SOL ≈ <$0.01');
  await expect(send.getByTestId('review-total')).toHaveText('0.500005 SOL ≈ $75.00');
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(modal(page, 'Account')).toBeVisible();
  expect(await lamportsOf(solReceiver)).toBe(500_000_000);
  // Activity (provider API over the chain's own index) lists the send.
  await expectActivity(page, /^Send.*0\.5 SOL/);
  await expect(frame.getByTestId('account-balance')).not.toHaveText(balanceBefore ?? '');

  // DEV (SPL, 6 decimals) to a fresh address: its associated token account is created.
  const devReceiver = randomSolanaAddress();
  await frame.getByRole('button', { name: 'Send' }).click();
  await pickToken(send, 'DEV');
  await send.getByRole('button', { name: 'Max' }).click();
  await expect(send.getByLabel('Amount')).not.toHaveValue('');
  await send.getByLabel('Amount').fill('2.5');
  await send.getByLabel('Receiver address').fill(devReceiver);
  await send.getByRole('button', { name: 'Review' }).click();
  // The receiver has no DEV account yet: the send creates it, and its rent is on the bill.
  await expect(send.getByTestId('review-deposit')).toHaveText(/^0\.00203928 SOL/);
  await expect(send.getByTestId('review-total')).toHaveText(/^2\.5 DEV \+ 0\.00204428 SOL/);
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(modal(page, 'Account')).toBeVisible();
  const accounts = await solanaRpc<{
    value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[];
  }>('getTokenAccountsByOwner', [
    devReceiver,
    { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
    { encoding: 'jsonParsed' },
  ]);
  expect(accounts.value.map((a) => a.account.data.parsed.info.tokenAmount.amount)).toEqual(['2500000']);
});

test('Connect Solana lists only the Solana wallets; All wallets lists the Dev Solana Wallet too', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await page.getByRole('button', { name: 'Connect Solana' }).click();
  const connect = modal(page, 'Connect Wallet');
  await expect(connect.getByRole('button', { name: 'Dev Solana Wallet' })).toBeVisible();
  await expect(connect.getByRole('button', { name: 'WalletConnect' })).toBeVisible();
  // The EVM page wallet and the EVM listing are not offered for a Solana connection.
  await expect(connect.getByRole('button', { name: 'Dev Wallet', exact: true })).toHaveCount(0);
  await expect(connect.getByRole('button', { name: 'All wallets' })).toHaveCount(0);
  // The host moves the page's focus into the frame once it shows it: a key pressed before goes to the page.
  await expectWidgetFocused(page);
  await page.keyboard.press('Escape');
  await expect(widget(page).getByRole('dialog')).toBeHidden();

  // The generic Connect's All wallets has every wallet of the page, the Solana one included.
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet').getByRole('button', { name: 'Dev Wallet', exact: true })).toBeVisible();
  await widget(page).getByRole('button', { name: 'All wallets' }).click();
  await expect(widget(page).getByRole('searchbox')).toBeVisible();
  const solana = widget(page).getByRole('button', { name: 'Dev Solana Wallet' });
  await expect(solana).toBeVisible();
  await expect(solana.getByTestId('installed-tag')).toBeVisible();
  await widget(page).getByRole('searchbox').fill('solana');
  await expect(solana).toBeVisible();
  await solana.click();
  await expect(page.getByTestId('dapp-solana-account')).toHaveText(SOLANA_ACCOUNT);
});
