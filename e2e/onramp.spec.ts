import { expect, test, urls } from './support/test';
import { pickOption } from './support/picker';
import { DEV_TOKEN, expectActivity, openTab } from './support/api';
import { DAPP_AUTO_APPROVE, connectDevWallet, dapp, showAccount, widget } from './support/widget';

const rpcB = async (method: string, params: unknown[] = []) => {
  const response = await fetch(urls.rpcB, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
};
const devBalanceB = async (address: string) => {
  const data = `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}`;
  return BigInt(String(await rpcB('eth_call', [{ to: DEV_TOKEN, data }, 'latest'])));
};

// Chain B (31338): the tests that count account 0's DEV on chain A stay untouched.
test('buy DEV with the sandbox card: checkout window from a click, purchase pending then done, balance up', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  const address = await connectDevWallet(page);
  await page.getByRole('combobox', { name: 'Network' }).selectOption('eip155:31338');
  await expect(dapp(page, 'dapp-chain')).toHaveText('31338');
  const before = await devBalanceB(address);
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Buy', exact: true }).click();
  const buy = widget(page).getByRole('dialog', { name: 'Buy crypto' });
  await pickOption(buy, 'Currency to buy', 'DEV');
  await expect(buy.getByTestId('onramp-limits')).toHaveText('Card 10.00–7500.00 USD');
  await buy.getByLabel('Amount').fill('5');
  await expect(buy.getByTestId('onramp-amount-error')).toHaveText('Amount must be between 10.00 and 7500.00 USD');
  await buy.getByLabel('Amount').fill('50');
  // Two providers quote with their fees (1 % and 2 %); the better one is chosen.
  await expect(buy.getByTestId('onramp-quote')).toHaveCount(2);
  await expect(buy.getByTestId('onramp-quote').filter({ hasText: 'Harbor Pay' })).toContainText('fee 0.50 USD');
  await expect(buy.getByTestId('onramp-quote').filter({ hasText: 'Lantern Ramp' })).toContainText('fee 1.00 USD');

  const popupPromise = page.waitForEvent('popup');
  await buy.getByRole('button', { name: 'Buy with Harbor Pay' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await expect(buy.getByTestId('onramp-status')).toHaveText(/Complete the payment in the Harbor Pay window/);
  await popup.getByLabel('Card number').fill('4242424242424242');
  // Hold the payout in the mempool so the pending state is visible, then mine it.
  await rpcB('evm_setAutomine', [false]);
  try {
    await popup.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
    await expect(buy.getByTestId('onramp-status')).toHaveText(/Payment received: Harbor Pay is sending/);
    await rpcB('evm_mine');
  } finally {
    await rpcB('evm_setAutomine', [true]);
  }
  await expect(popup.getByTestId('sandbox-complete')).toBeVisible();
  // The amount as a person writes it: '19.6', not the provider's '19.600000'.
  await expect(buy.getByTestId('onramp-status')).toHaveText(/Bought \d+(\.\d*[1-9])? DEV/, { timeout: 20_000 });
  const amount = /Bought (\S+) DEV/.exec((await buy.getByTestId('onramp-status').textContent()) ?? '')![1]!;
  await popup.close();
  expect(await devBalanceB(address)).toBeGreaterThan(before);

  await widget(page).getByRole('button', { name: 'Back' }).click();
  await expectActivity(page, /^Buy.*\+\d+(\.\d+)? DEV.*Confirmed/);

  // Once the chain's own history has the payout (a Receive of the same transaction), the purchase is still listed once.
  const history = async (query: string) => {
    const url = `${urls.api}/v1/account/${address}/history?projectId=airlock-dev&chainId=eip155:31338&${query}`;
    return (
      (await (await fetch(url, { signal: AbortSignal.timeout(10_000) })).json()) as {
        data: { metadata: { hash: string } }[];
      }
    ).data;
  };
  const [purchase] = await history('onramp=all');
  await expect
    .poll(async () => (await history('')).some((i) => i.metadata.hash === purchase!.metadata.hash), { timeout: 30_000 })
    .toBe(true);
  await openTab(page, 'Tokens');
  await openTab(page, 'Activity');
  const rows = widget(page)
    .getByTestId('activity-item')
    .filter({ hasText: `+${amount} DEV` });
  await expect(rows.first()).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Buy');
});

test('closing the checkout window before paying is reported and nothing is bought', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await page.getByRole('combobox', { name: 'Network' }).selectOption('eip155:31338');
  await expect(dapp(page, 'dapp-chain')).toHaveText('31338');
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Buy', exact: true }).click();
  const buy = widget(page).getByRole('dialog', { name: 'Buy crypto' });
  await pickOption(buy, 'Currency to buy', 'DEV');
  await expect(buy.getByTestId('onramp-quote')).toHaveCount(2);
  const popupPromise = page.waitForEvent('popup');
  await buy.getByRole('button', { name: /^Buy with / }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await popup.close();
  await expect(buy.getByTestId('onramp-status')).toHaveText('The checkout window was closed before paying');
  await buy.getByRole('button', { name: 'Try again' }).click();
  await expect(buy.getByTestId('onramp-quote')).toHaveCount(2);
});
