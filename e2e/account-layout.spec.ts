import type { Route } from '@playwright/test';
import { expect, test } from './support/test';
import { secureFrame } from './support/emailLogin';
import { DAPP_AUTO_APPROVE, connectDevWallet, modal, showAccount, widget } from './support/widget';

/**
 * The Account view reserves the space of its lazy parts (the tabs chunk, the token list):
 * what the visitor sees when it opens is where it stays, so a click right after opening
 * lands on the button under the pointer. The tabs chunk and the balances are held until
 * the first layout is measured, then released.
 */
test('the Account view does not move while its tabs and tokens load', async ({ page }) => {
  // Reduced motion: the 150 ms view transition does not count as a move.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);

  const held: Route[] = [];
  await page.route(/\/assets\/AccountTabs-[^/]+\.js$/, (route) => void held.push(route));
  await page.route(/\/v1\/account\/[^/]+\/balance/, (route) => void held.push(route));

  await showAccount(page);
  const receive = widget(page).getByRole('button', { name: 'Receive' });
  await expect(receive).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const before = await receive.boundingBox();
  const dialogBefore = await modal(page, 'Account').boundingBox();
  // The header: the network pill, the copy button and the Disconnect action stay put too,
  // while the USD total (after the token list) and the balance arrive.
  const pill = widget(page).getByRole('button', { name: 'Switch network' });
  const copy = widget(page).getByRole('button', { name: 'Copy address' });
  const disconnect = widget(page).getByRole('button', { name: 'Disconnect' });
  const headerBefore = [await pill.boundingBox(), await copy.boundingBox(), await disconnect.boundingBox()];
  await expect(widget(page).getByTestId('account-fiat')).toHaveText('');

  await page.unrouteAll();
  for (const route of held.splice(0)) await route.fallback();
  await expect(widget(page).getByTestId('token-row').first()).toBeVisible();
  await expect(widget(page).getByTestId('account-balance')).toHaveText(/^\d+\.\d{3} ETH$/);

  await expect(widget(page).getByTestId('account-fiat')).toHaveText(/^\$[\d,]+\.\d\d$/);
  expect(await receive.boundingBox()).toEqual(before);
  expect([await pill.boundingBox(), await copy.boundingBox(), await disconnect.boundingBox()]).toEqual(headerBefore);
  expect(await modal(page, 'Account').boundingBox()).toEqual(dialogBefore);
});

/**
 * The compact Account header: an identicon avatar of the address, the network pill opening
 * the network list, Copy address giving copied feedback, the icon action row and Disconnect apart.
 */
test('the Account header shows an identicon, copies the address and opens the network list', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await showAccount(page);
  const account = modal(page, 'Account');
  const avatar = account.getByTestId('account-avatar');
  await expect(avatar).toHaveAttribute('data-kind', 'identicon');
  await expect(avatar).toHaveJSProperty('complete', true);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The everyday actions as list rows; Activity is the tab (once); Disconnect apart, below the tabs.
  await expect(account.locator('.airlock-action-list button')).toHaveText(['Buy', 'Swap', 'Receive', 'Send']);
  const tabs = await account.getByRole('tablist').boundingBox();
  const leave = await account.getByRole('button', { name: 'Disconnect' }).boundingBox();
  expect(leave!.y).toBeGreaterThan(tabs!.y + tabs!.height);

  await account.getByRole('button', { name: 'Copy address' }).click();
  await expect(account.getByRole('button', { name: 'Copy address' })).toHaveAttribute('data-copied', 'true');
  await expect(widget(page).getByRole('status')).toContainText(/Address copied|Failed to copy address/);

  await account.getByRole('button', { name: 'Switch network' }).click();
  await expect(modal(page, 'Select network')).toBeVisible();
});

test("Connect's wallets do not move when the secure frame's social and passkey buttons arrive", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The secure frame answers the socials slot only after the API's provider list: held here.
  const held: Route[] = [];
  await page.route(/\/embedded\/v1\/social\/providers/, (route) => void held.push(route));
  await page.goto(DAPP_AUTO_APPROVE);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  const wallet = widget(page).getByRole('button', { name: 'Dev Wallet' });
  await expect(wallet).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const before = await wallet.boundingBox();

  await page.unrouteAll();
  for (const route of held.splice(0)) await route.fallback();
  await expect(secureFrame(page).getByRole('button', { name: 'Create a passkey' })).toBeVisible();
  await expect(secureFrame(page).getByRole('button', { name: /Google/ })).toBeVisible();
  expect(await wallet.boundingBox()).toEqual(before);
});
