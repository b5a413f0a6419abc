import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, modal } from './support/widget';

test('Escape closes the modal and focus returns to the dapp button that opened it', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  const openButton = page.getByRole('button', { name: 'Open widget' });

  await openButton.focus();
  await page.keyboard.press('Enter');
  await expect(modal(page, 'Connect Wallet')).toBeVisible();

  await page.keyboard.press('Escape');

  await expect(modal(page, 'Connect Wallet')).toBeHidden();
  await expect(openButton).toBeFocused();
});
