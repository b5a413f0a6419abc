import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, closeModal, connectDevWallet, dapp } from './support/widget';

test('personal_sign through the widget returns a signature the dapp verifies', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await closeModal(page);

  await page.getByRole('button', { name: 'Sign message' }).click();

  await expect(dapp(page, 'dapp-signature')).toHaveText('valid');
  await expect(dapp(page, 'dapp-error')).not.toContainText(/\d/);
});
