import { expect, test } from './support/test';
import { openTab, startApi, stopApi } from './support/api';
import { DAPP_AUTO_APPROVE, connectDevWallet, showAccount, widget } from './support/widget';

test('with the provider API down the widget still connects, says Token Balance Unavailable, and recovers', async ({
  page,
}) => {
  await stopApi();
  try {
    await page.goto(DAPP_AUTO_APPROVE);
    await connectDevWallet(page);
    await showAccount(page);
    // The native balance comes from the chain, the token list from the API.
    await expect(widget(page).getByTestId('account-balance')).toHaveText(/ETH$/);
    await expect(widget(page).getByRole('status')).toHaveText('Token Balance Unavailable');
  } finally {
    await startApi();
  }
  // Back up: a fresh frame (reload) gets the tokens again; the connection is restored silently.
  await page.reload();
  await showAccount(page);
  await openTab(page, 'Tokens');
  await expect(widget(page).getByTestId('token-row').filter({ hasText: 'DEV' })).toContainText('1000.000');
});
