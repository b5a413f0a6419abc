import { expect, test } from './support/test';
import { ADDRESS, DAPP_PROMPT, closeModal, dapp, modal, widget } from './support/widget';

test("a wallet that rejects shows 'Connection rejected' and the dapp gets 4001", async ({ page }) => {
  await page.goto(DAPP_PROMPT);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();

  const prompt = page.getByRole('dialog', { name: 'Dev Wallet request' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('eth_requestAccounts');
  await prompt.getByRole('button', { name: 'Reject' }).click();

  await expect(widget(page).getByText('Connection rejected')).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Try again' })).toBeVisible();

  // eth_requestAccounts settles with 4001 (at the latest when the visitor closes the modal).
  await closeModal(page);
  await expect(dapp(page, 'dapp-error')).toHaveText(/^4001\b/);
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
});

test("after a rejection, 'Try again' that connects answers the dapp's pending eth_requestAccounts with the account", async ({
  page,
}) => {
  await page.goto(DAPP_PROMPT);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  const prompt = page.getByRole('dialog', { name: 'Dev Wallet request' });
  await prompt.getByRole('button', { name: 'Reject' }).click();
  await expect(widget(page).getByText('Connection rejected')).toBeVisible();

  // The modal stays open and the visitor can still connect: the dapp's request stays pending.
  await widget(page).getByRole('button', { name: 'Try again' }).click();
  await prompt.getByRole('button', { name: 'Approve' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  // The dapp's `requestAddresses()` resolved (it clears dapp-error); a 4001 would have stayed.
  await expect(dapp(page, 'dapp-error')).toHaveText('');
});
