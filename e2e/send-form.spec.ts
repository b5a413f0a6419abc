import { expect, test } from './support/test';
import { pickOption } from './support/picker';
import { ACCOUNT_1, openTab } from './support/api';
import {
  DAPP_AUTO_APPROVE,
  connectDevWallet,
  shortAddress,
  showAccount,
  widget,
  widgetBalance,
} from './support/widget';

test('Send checks as the visitor types, shows every problem at once, fills Max and reviews the fee', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await showAccount(page);
  const balance = await widgetBalance(page);
  await openTab(page, 'Tokens');
  await widget(page).getByRole('button', { name: 'Send', exact: true }).click();
  const send = widget(page).getByRole('dialog', { name: 'Send' });
  const problems = send.getByTestId('send-error');

  // A typed amount that is not a number is refused at once, before any button.
  await send.getByLabel('Amount').fill('abc');
  await expect(problems).toHaveText(['The amount must be a number, like 0.5']);
  await expect(send.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');

  // Continuing with an empty form lists every problem, in the spec §5 words.
  await send.getByLabel('Amount').fill('');
  await send.getByRole('button', { name: 'Review' }).click();
  await expect(problems).toHaveText(['An amount and receiver address are required', 'A token is required']);

  // Max on the native token leaves the network fee: above 0, below the balance.
  await pickOption(send, 'Token', 'ETH');
  await send.getByRole('button', { name: /^Max/ }).click();
  await expect(send.getByLabel('Amount')).toHaveValue(/^\d+\.\d+$/);
  const max = Number(await send.getByLabel('Amount').inputValue());
  expect(max).toBeGreaterThan(balance - 1);
  expect(max).toBeLessThan(balance + 0.001);
  // The token problem is gone and Max is not over the balance; only the missing receiver remains.
  await expect(problems).toHaveText(['An amount and receiver address are required']);

  // The dollar value follows the amount (ETH has a price in the dev API).
  await send.getByLabel('Amount').fill('0.01');
  await expect(send.getByTestId('send-fiat')).toHaveText(/^≈ \$\d/);

  // The review shows network, fee estimate and total before the wallet is asked.
  await send.getByLabel('Receiver address').fill(ACCOUNT_1);
  await send.getByRole('button', { name: 'Review' }).click();
  const review = send.getByTestId('send-review');
  await expect(review.getByTestId('review-network')).toHaveText('Anvil A');
  await expect(review.getByTestId('review-fee')).toHaveText(/^up to 0\.\d+ ETH/);
  await expect(review.getByTestId('review-total')).toHaveText(/^0\.01\d* ETH/);
  await expect(review).toContainText(shortAddress(ACCOUNT_1));

  // Back keeps the form; Send from the review asks the wallet and returns to Account.
  await review.getByRole('button', { name: 'Back' }).click();
  await expect(send.getByLabel('Amount')).toHaveValue('0.01');
  await send.getByRole('button', { name: 'Review' }).click();
  await send.getByTestId('send-review').getByRole('button', { name: 'Send', exact: true }).click();
  await expect(widget(page).getByRole('dialog', { name: 'Account' })).toBeVisible();
});
