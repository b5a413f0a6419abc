import { expect, test } from './support/test';
import { pickOption, pickerButton } from './support/picker';
import { expectActivity, openTab } from './support/api';
import { seriousViolations } from './support/fit';
import { DAPP_AUTO_APPROVE, connectDevWallet, dapp, showAccount, widget } from './support/widget';

// Chain B (31338): the tests that count account 0's DEV on chain A stay untouched.
test('swap ETH → DEV, then DEV → USDD with an approval, through the Dev Wallet on the dev exchange', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await page.getByRole('combobox', { name: 'Network' }).selectOption('eip155:31338');
  await expect(dapp(page, 'dapp-chain')).toHaveText('31338');
  await showAccount(page);
  // Spec §1 order: onramp, swaps, receive, send.
  const actions = widget(page).locator('.airlock-action-list button');
  await expect(actions).toHaveText(['Buy', 'Swap', 'Receive', 'Send']);
  // Disconnect apart, below the tabs; Activity is the tab (issue 32's Account layout).
  await expect(widget(page).getByRole('button', { name: 'Disconnect' })).toBeVisible();

  await widget(page).getByRole('button', { name: 'Swap', exact: true }).click();
  const swap = widget(page).getByRole('dialog', { name: 'Swap' });
  await expect(pickerButton(swap, 'From token')).toHaveAttribute('data-value', /:0xeeee/i);
  await pickOption(swap, 'To token', 'DEV');
  await swap.getByLabel('Amount').fill('0.5');
  // The live quote: amount received from the pool's reserves, price impact and the 0.3 % pool fee; the gas price.
  await expect(swap.getByTestId('swap-to-amount')).toHaveText(/^\d+(\.\d+)? DEV$/);
  await expect(swap.getByTestId('swap-price-impact')).toHaveText(/^\d+\.\d\d%$/);
  await expect(swap.getByTestId('swap-fee')).toContainText('ETH (0.3%)');
  await expect(swap.getByTestId('swap-gas')).toHaveText(/gwei$/);
  const received = Number.parseFloat((await swap.getByTestId('swap-to-amount').textContent())!);
  // The amount's dollar value (the API's ETH price), then the review step: the panels locked, Swap.
  await expect(swap.getByTestId('swap-usd')).toHaveText(/^\u2248 \$[\d,]+\.\d\d$/);
  await swap.getByRole('button', { name: 'Review' }).click();
  await expect(pickerButton(swap, 'To token')).toBeDisabled();
  await swap.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(swap.getByTestId('swap-step')).toHaveText(/Swap complete/, { timeout: 30_000 });

  // Token → token: the router has no allowance for DEV yet, so the wallet approves first.
  await pickOption(swap, 'From token', 'DEV');
  await pickOption(swap, 'To token', 'USDD');
  await swap.getByLabel('Amount').fill(String(Math.floor(received / 2)));
  await expect(swap.getByTestId('swap-to-amount')).toHaveText(/USDD$/);
  await swap.getByRole('button', { name: 'Review' }).click();
  await swap.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(swap.getByTestId('swap-step')).toHaveText(/approving DEV|Swapping|Swap complete/);
  await expect(swap.getByTestId('swap-step')).toHaveText(/Swap complete/, { timeout: 30_000 });

  // Balances and Activity show the swaps.
  await widget(page).getByRole('button', { name: 'Back' }).click();
  await openTab(page, 'Tokens');
  await expect(widget(page).getByTestId('token-row').filter({ hasText: 'USDD' })).toBeVisible({ timeout: 30_000 });
  await expectActivity(page, /Swap|Approve/);
});

/**
 * The token picker as a visitor meets it: no native `<select>` in the modal; a search box that
 * filters the tokens as they type, arrow keys and Enter to pick, Escape closing the picker (not
 * the modal); the flip button swapping the two sides; no serious axe violation with it open.
 */
test('the Swap token picker filters as the visitor types and picks with the keyboard; the flip button swaps the sides', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await page.getByRole('combobox', { name: 'Network' }).selectOption('eip155:31338');
  await expect(dapp(page, 'dapp-chain')).toHaveText('31338');
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Swap', exact: true }).click();
  const swap = widget(page).getByRole('dialog', { name: 'Swap' });
  const to = pickerButton(swap, 'To token');
  await expect(to).toBeVisible();
  await expect(swap.locator('select')).toHaveCount(0);

  await to.focus();
  await page.keyboard.press('Enter');
  const search = swap.getByRole('combobox', { name: 'Search tokens' });
  await expect(search).toBeFocused();
  const options = swap.getByRole('option');
  await expect(options).not.toHaveCount(0);
  expect(await seriousViolations(page, 'iframe[title="Airlock wallet widget"]')).toEqual([]);
  await page.keyboard.type('usd');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toHaveAccessibleName(/^USDD,/);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('zzz');
  await expect(options).toHaveCount(0);
  await expect(swap.getByRole('status').filter({ hasText: 'No token matches' })).toBeVisible();
  // Escape closes the picker, not the modal; focus is back on its button.
  await page.keyboard.press('Escape');
  await expect(swap.getByRole('listbox')).toHaveCount(0);
  await expect(swap).toBeVisible();
  await expect(to).toBeFocused();

  await page.keyboard.press('Enter');
  // The picker opens and focuses its search: typed before, the letters go to the To button.
  await expect(search).toBeFocused();
  await page.keyboard.type('dev');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(to).toHaveAccessibleName('To token DEV');
  await expect(to).toBeFocused();

  const from = pickerButton(swap, 'From token');
  await expect(from).toHaveAccessibleName('From token ETH');
  await swap.getByRole('button', { name: 'Switch tokens' }).click();
  await expect(from).toHaveAccessibleName('From token DEV');
  await expect(to).toHaveAccessibleName('To token ETH');
});
