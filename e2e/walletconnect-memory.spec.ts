import { expect, test } from './support/test';
import { connectWithWalletConnect, readPairingUri } from './support/walletconnect';
import { DAPP_PROMPT, dapp, widget } from './support/widget';

// Playwright's default flags deny the cross-site frame its storage (as incognito or
// blocked third-party cookies do): WalletConnect's keys then stay in the frame's memory,
// never on the dapp origin, and the widget says the session ends with the page.

test('with storage denied no WalletConnect secret reaches the dapp origin and the UI says the session ends with the page', async ({
  page,
  context,
}) => {
  await page.goto(DAPP_PROMPT);
  await readPairingUri(page);
  const notice = widget(page).getByTestId('storage-notice');
  await expect(notice).toContainText('This session ends when you close this page');
  await page.reload();
  await connectWithWalletConnect(page, context);
  const dappStorage = await page.evaluate(() => JSON.stringify(localStorage));
  expect(dappStorage).not.toMatch(/keychain|symKey|client_ed25519_seed|wc@2|walletConnect:/i);
  await page.getByRole('button', { name: 'Open widget' }).click();
  await expect(widget(page).getByTestId('storage-notice')).toContainText('This session ends when you close this page');

  await page.reload();
  await expect(dapp(page, 'dapp-status')).toHaveText('disconnected');
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
});
