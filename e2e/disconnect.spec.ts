import { expect, test } from './support/test';
import {
  ADDRESS,
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

test("a widget disconnect revokes the page wallet's permission (EIP-2255): the Dev Wallet says 'Not connected' and the next connect asks again", async ({
  page,
}) => {
  await page.goto(DAPP_PROMPT);
  const prompt = page.getByRole('dialog', { name: 'Dev Wallet request' });
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  await prompt.getByRole('button', { name: 'Approve' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  await expect(dapp(page, 'devwallet-state')).not.toContainText('Not connected');

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  // The wallet's own bar agrees with the widget: no account, no 'Lock wallet' button.
  await expect(dapp(page, 'devwallet-state')).toContainText('Not connected');
  await expect(page.getByRole('button', { name: 'Lock wallet' })).toBeHidden();

  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  await expect(prompt).toContainText('eth_requestAccounts');
});
