import { expect, test } from './support/test';
import { expectActivity, openTab } from './support/api';
import { DAPP_AUTO_APPROVE, closeModal, connectDevWallet, dapp, showAccount, widget } from './support/widget';

test('Tokens, NFTs and Activity show the dev assets and the demo’s own transaction', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await showAccount(page);

  // Tokens: the native entry and the dev ERC-20 (1000 DEV minted at stack start), floored to 3 decimals.
  await openTab(page, 'Tokens');
  const dev = widget(page).getByTestId('token-row').filter({ hasText: 'DEV' });
  await expect(dev).toContainText('1000.000');
  await expect(dev).toContainText('$2,500.00');
  await expect(widget(page).getByTestId('token-row').filter({ hasText: 'ETH' })).toBeVisible();

  // NFTs: the dev ERC-721 token 0 minted to account 0.
  await openTab(page, 'NFTs');
  await expect(widget(page).getByTestId('nft-item').filter({ hasText: 'Dev NFT #0' })).toBeVisible();

  // Activity: the demo's own transaction shows up once mined and indexed.
  await closeModal(page);
  await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
  await expect(dapp(page, 'dapp-tx')).toHaveText('success');
  await showAccount(page);
  // The row: what, to whom (shortened 4 + 6), the signed amount and the status.
  await expectActivity(page, /^Send.*\u22120\.01 ETH/);
  const row = widget(page).getByTestId('activity-item').filter({ hasText: '\u22120.01 ETH' }).first();
  await expect(row.getByTestId('activity-counterparty')).toHaveText(/^To 0x[0-9a-fA-F]{2}…[0-9a-fA-F]{6}$/);
  await expect(row.getByTestId('activity-status')).toHaveText('Confirmed');
  await expect(widget(page).getByRole('heading', { level: 3 }).first()).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
});

test('Receive shows the address as a QR code with the network named', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  const address = await connectDevWallet(page);
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Receive' }).click();
  const receive = widget(page).getByRole('dialog', { name: 'Receive' });
  await expect(receive).toBeVisible();
  await expect(receive.getByRole('img', { name: 'QR code of the address' })).toBeVisible();
  await expect(receive.getByTestId('receive-address')).toHaveText(address);
  await expect(receive.getByTestId('receive-network')).toHaveText('Anvil A');
});
