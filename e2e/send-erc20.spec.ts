import { expect, test } from './support/test';
import { pickOption, pickerButton } from './support/picker';
import { ACCOUNT_1, devTokenBalance, expectActivity, openTab } from './support/api';
import { DAPP_AUTO_APPROVE, connectDevWallet, shortAddress, showAccount, widget } from './support/widget';

test('an ERC-20 sent through the Send view reaches the receiver and shows in Activity', async ({ page }) => {
  const before = await devTokenBalance(ACCOUNT_1);
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await showAccount(page);
  await openTab(page, 'Tokens');
  await expect(widget(page).getByTestId('token-row').filter({ hasText: 'DEV' })).toBeVisible();

  await widget(page).getByRole('button', { name: 'Send', exact: true }).click();
  const send = widget(page).getByRole('dialog', { name: 'Send' });
  await expect(send).toBeVisible();
  // The §5 checks come first, all at once, and nothing typed is lost.
  await send.getByLabel('Receiver address').fill(ACCOUNT_1);
  await send.getByRole('button', { name: 'Review' }).click();
  await expect(send.getByTestId('send-error')).toHaveText([
    'An amount and receiver address are required',
    'A token is required',
  ]);
  await expect(send.getByLabel('Receiver address')).toHaveValue(ACCOUNT_1);

  await pickOption(send, 'Token', 'DEV');
  await expect(pickerButton(send, 'Token')).toHaveAttribute('data-value', /^eip155:31337:0x/);
  await send.getByLabel('Amount').fill('5');
  await send.getByRole('button', { name: 'Review' }).click();
  // An ERC-20's total is the amount plus the fee in the native token.
  await expect(send.getByTestId('review-total')).toHaveText(/^5 DEV \+ 0\.\d+ ETH/);
  await send.getByTestId('send-review').getByRole('button', { name: 'Send', exact: true }).click();

  // Success: back on Account, the receiver got 5 DEV, Activity lists the transfer.
  await expect(widget(page).getByRole('dialog', { name: 'Account' })).toBeVisible();
  await expect.poll(() => devTokenBalance(ACCOUNT_1)).toBe(before + 5n);
  // The row names the receiver (not the token contract the transaction went to).
  await expectActivity(page, /^Send.*\u22125 DEV/);
  const row = widget(page).getByTestId('activity-item').filter({ hasText: '\u22125 DEV' }).first();
  await expect(row.getByTestId('activity-counterparty')).toHaveText(`To ${shortAddress(ACCOUNT_1)}`);
});
