import { expect, test, urls } from './support/test';
import { openTab, startApi, stopApi } from './support/api';
import { ADDRESS, DAPP_AUTO_APPROVE, connectDevWallet, dapp, modal, showAccount, widget } from './support/widget';

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
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  await showAccount(page);
  await openTab(page, 'Tokens');
  await expect(widget(page).getByTestId('token-row').filter({ hasText: 'DEV' })).toContainText('1000.000');
});

test('with the provider API down, Connect says what is unavailable and why, and sign-in says its server cannot be reached', async ({
  page,
}) => {
  await stopApi();
  try {
    await page.goto(`${urls.dapp}/?autoApprove=1&siwx=1`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(modal(page, 'Connect Wallet')).toBeVisible();
    // Without the API there is no email or social login and no wallet directory: the visitor is told so, at the top.
    const unreachable = widget(page).getByRole('alert').filter({ hasText: 'Provider API unreachable' });
    await expect(unreachable).toContainText('Email and social login and the wallet directory are unavailable');
    await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
    await expect(dapp(page, 'dapp-account')).not.toHaveText('Not connected');
    await expect(modal(page, 'Sign In')).toBeVisible();
    await widget(page).getByRole('button', { name: 'Sign', exact: true }).click();
    // The nonce request failed before the wallet was asked: no 'Error signing message'.
    await expect(widget(page).getByTestId('siwx-error')).toHaveText(
      'Sign-in is unavailable: its server cannot be reached. Try again later.',
    );
    await expect(dapp(page, 'dapp-siwx')).toHaveText('none');
  } finally {
    await startApi();
  }
});
