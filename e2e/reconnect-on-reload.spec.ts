import { expect, test } from './support/test';
import {
  DAPP_AUTO_APPROVE,
  DAPP_PROMPT,
  connectDevWallet,
  dapp,
  shortAddress,
  showAccount,
  widget,
} from './support/widget';

test('a reload restores the connection without asking the wallet again', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  const address = await connectDevWallet(page);

  // Reload without autoApprove: any prompt would show the Dev Wallet panel.
  await page.goto(DAPP_PROMPT);
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  await expect(page.getByRole('dialog', { name: 'Dev Wallet request' })).toHaveCount(0);

  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(address));
  await expect(page.getByRole('dialog', { name: 'Dev Wallet request' })).toHaveCount(0);
});
