import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, modal } from './support/widget';

test('Escape closes the modal and focus returns to the dapp button that opened it', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  const openButton = page.getByRole('button', { name: 'Open widget' });

  await openButton.focus();
  await page.keyboard.press('Enter');
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  // The host moves focus into the frame once it has shown it, and the frame onto its dialog: a
  // visitor presses Escape in the modal they see. (Pressed earlier, the key goes to the page.)
  await expect(page.locator('iframe[title="Airlock wallet widget"]')).toBeFocused();
  await expect(modal(page, 'Connect Wallet')).toBeFocused();

  await page.keyboard.press('Escape');

  await expect(modal(page, 'Connect Wallet')).toBeHidden();
  // Where the focus is (the page's active element by id or tag, and whether the page's document
  // has the focus at all), so that a failure says where it went.
  await expect
    .poll(() =>
      page.evaluate(() => [document.activeElement?.id || document.activeElement?.tagName, document.hasFocus()]),
    )
    .toEqual(['open', true]);
  await expect(openButton).toBeFocused();
});
