import { DEV_ACCOUNT_0 } from '../scripts/ports.mjs';
import { expect, test } from './support/test';
import { SESSION_SECRET, dappOriginStorage } from './support/trust';
import { connectWithWalletConnect } from './support/walletconnect';
import { DAPP_PROMPT, showAccount, widget } from './support/widget';

// No secret ever reaches the dapp origin (docs/threat-model.md, "Session secrets"). Playwright's
// default Chromium flags disable third-party storage partitioning, so here the cross-site
// frame is DENIED its own storage (as with third-party cookies blocked): the WalletConnect
// session must then live in the frame's memory only, and the widget must say so.

test('storage denied: after a WalletConnect connection the dapp origin holds no key or session data', async ({
  page,
  context,
}) => {
  await page.goto(DAPP_PROMPT);
  const { address } = await connectWithWalletConnect(page, context);
  expect(address).toBe(DEV_ACCOUNT_0);
  await page.bringToFront();

  const stored = await dappOriginStorage(page);
  expect(stored).not.toMatch(SESSION_SECRET);

  await showAccount(page);
  await expect(widget(page).getByTestId('storage-notice')).toContainText('This session ends when you close this page');
});
