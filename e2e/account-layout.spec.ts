import type { Route } from '@playwright/test';
import { expect, test } from './support/test';
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

  await page.unrouteAll();
  for (const route of held.splice(0)) await route.fallback();
  await expect(widget(page).getByTestId('token-row').first()).toBeVisible();
  await expect(widget(page).getByTestId('account-balance')).toHaveText(/^\d+\.\d{3} ETH$/);

  expect(await receive.boundingBox()).toEqual(before);
  expect(await modal(page, 'Account').boundingBox()).toEqual(dialogBefore);
});
