import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, modal, widget } from './support/widget';

test("All wallets shows the page wallet's own icon and tags it Installed", async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  const onConnect = widget(page).getByRole('button', { name: 'Dev Wallet' }).locator('img');
  const icon = await onConnect.getAttribute('src');
  expect(icon).toMatch(/^data:image\//);

  await widget(page).getByRole('button', { name: 'All wallets' }).click();
  const entry = widget(page).getByRole('dialog', { name: 'All Wallets' }).getByRole('button', { name: 'Dev Wallet' });
  await expect(entry.locator('img')).toHaveAttribute('src', icon!);
  await expect(entry.getByTestId('installed-tag')).toHaveText('Installed');
  // The page's other wallet (Dev Solana Wallet, not in the listing) is listed and tagged too;
  // wallets that are not on the page have no Installed tag.
  const solana = widget(page).getByRole('button', { name: 'Dev Solana Wallet' });
  await expect(solana.getByTestId('installed-tag')).toHaveText('Installed');
  await expect(widget(page).getByTestId('installed-tag')).toHaveCount(2);
});
