import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, closeModal, connectDevWallet, dapp, showAccount, widgetBalance } from './support/widget';

test('eth_sendTransaction is mined and the balance in the widget drops', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await showAccount(page);
  const before = await widgetBalance(page);
  await closeModal(page);

  await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
  await expect(dapp(page, 'dapp-tx')).toHaveText('success');

  // 0.01 ETH plus gas left the account: the floored 3-decimal balance is lower.
  await showAccount(page);
  await expect.poll(() => widgetBalance(page)).toBeLessThanOrEqual(before - 0.01);
});
