import { expect, test } from './support/test';
import {
  DAPP_AUTO_APPROVE,
  DAPP_PROMPT,
  closeModal,
  connectDevWallet,
  dapp,
  dappEvent,
  showAccount,
  widget,
} from './support/widget';

test("the dapp's Disconnect button disconnects and the dapp gets a disconnect event", async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await closeModal(page);

  await page.getByRole('button', { name: 'Disconnect' }).click();

  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  await expect(dappEvent(page, 'disconnect')).toHaveCount(1);
});

test("the widget's Disconnect button disconnects, and a reload stays disconnected", async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await showAccount(page);

  await widget(page).getByRole('button', { name: 'Disconnect' }).click();

  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  await expect(dappEvent(page, 'disconnect')).toHaveCount(1);

  await page.goto(DAPP_PROMPT);
  await expect(dapp(page, 'dapp-status')).toHaveText(/disconnected/i);
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
});
