import { DEV_ACCOUNT_0 } from '../scripts/ports.mjs';
import { expect, test, urls } from './support/test';
import { PARTITIONED_STORAGE_LAUNCH, SESSION_SECRET, dappOriginStorage } from './support/trust';
import { answerRequest, connectWithWalletConnect } from './support/walletconnect';
import { dapp, showAccount, widget } from './support/widget';

// With third-party storage partitioning ON (Chrome, Firefox and Safari as people run them),
// the frame keeps its session secrets in its own storage (docs/threat-model.md):
// - a WalletConnect session survives a reload from there, and nothing of it is on the dapp origin;
// - that storage is partitioned by top-level SITE, so every key is scoped by the verified parent
//   origin: another origin of the same site (localhost on another port) does not get the session.

test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

test('partitioned storage: a WalletConnect session survives a reload from the frame storage', async ({
  page,
  context,
}) => {
  await page.goto(`${urls.dapp}/`);
  const { wallet, address } = await connectWithWalletConnect(page, context);
  await page.bringToFront();
  await page.reload();
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  expect(await dappOriginStorage(page)).not.toMatch(SESSION_SECRET);

  await page.getByRole('button', { name: 'Sign message' }).click();
  await answerRequest(wallet, 'Approve');
  await expect(dapp(page, 'dapp-signature')).toHaveText('valid');
});

test('partitioned storage: another origin of the same site does not restore the session', async ({ page, context }) => {
  await page.goto(`${urls.dapp}/`);
  await connectWithWalletConnect(page, context);

  const other = await context.newPage();
  await other.goto(`${urls.dappAlt}/`);
  // The first origin restores its session in a fresh page in the meantime: restoring has had its chance.
  const again = await context.newPage();
  await again.goto(`${urls.dapp}/`);
  await expect(dapp(again, 'dapp-account')).toHaveText(DEV_ACCOUNT_0);

  await other.bringToFront();
  await expect(dapp(other, 'dapp-status')).toHaveText('disconnected');
  await expect(dapp(other, 'dapp-account')).toHaveText('Not connected');
  await other.getByRole('button', { name: 'Open widget' }).click();
  await expect(widget(other).getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible();
  await expect(widget(other).getByRole('dialog', { name: 'Account' })).toHaveCount(0);
});

test.describe('the storage notice', () => {
  test('partitioned storage: no "session ends" notice when the frame has its own storage', async ({
    page,
    context,
  }) => {
    await page.goto(`${urls.dapp}/`);
    await connectWithWalletConnect(page, context);
    await page.bringToFront();
    await showAccount(page);
    await expect(widget(page).getByTestId('account-address')).toBeVisible();
    await expect(widget(page).getByTestId('storage-notice')).toHaveCount(0);
  });
});
