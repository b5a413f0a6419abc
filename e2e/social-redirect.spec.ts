import type { Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { ADDRESS, dapp, modal, widget } from './support/widget';
import { secureFrame } from './support/emailLogin';
import { freshLogin, signInSteps, widgetState } from './support/social';

/**
 * Social login in redirect mode (docs/embedded-wallet.md "Social login, redirect mode"), the
 * Telegram mini-app way: no popup; a click in the secure frame sends the whole dapp page to the
 * provider, the API's callback sends it back with `result_uri`, the host takes it off the address
 * and the secure frame finishes the login with its device key (kept in its partitioned IndexedDB
 * across the navigation). Real stack: local OpenID provider, API, three origins.
 */

// The secure frame keeps its device key in IndexedDB: third-party storage as browsers ship it (partitioned).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

const REDIRECT_PAGE = `${urls.dapp}/?socialLogin=redirect`;

/** Records the top-level document requests of `page` (each load, reloads included; not history changes). */
function recordLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
  });
  return loads;
}

/** Opens Connect on a redirect-mode page and clicks Google in the secure frame; resolves once the page is at the provider. */
async function leaveForGoogle(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  const button = secureFrame(page).getByRole('button', { name: 'Google', exact: true });
  await expect(button).toBeVisible();
  await button.click();
  // The top page itself goes to the local provider's login page (no popup).
  await page.waitForURL(`${urls.oidc}/**`, { timeout: 30_000 });
}

test('redirect mode: the page goes to the provider and comes back connected, result_uri gone without a reload; the same address after a reload; a foreign result_uri is refused and the connection stays', async ({
  page,
}) => {
  test.slow();
  const loads = recordLoads(page);
  const popups: unknown[] = [];
  page.on('popup', (popup) => popups.push(popup));
  await page.goto(REDIRECT_PAGE);
  await leaveForGoogle(page);
  await signInSteps(page, freshLogin('redirect'));

  // Back on the dapp page: connected, with the provider; result_uri is off the address.
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS, { timeout: 30_000 });
  const address = (await dapp(page, 'dapp-account').textContent())!.trim();
  expect(page.url()).toBe(REDIRECT_PAGE);
  await expect.poll(() => widgetState(page)).toMatchObject({ status: 'connected', socialProvider: 'google' });
  await expect(widget(page).getByRole('dialog')).toBeHidden();
  // One load of the dapp before, one on the return (with result_uri), and no reload after it.
  const dappLoads = loads.filter((url) => url.startsWith(urls.dapp));
  expect(dappLoads).toHaveLength(2);
  expect(new URL(dappLoads[1]!).searchParams.get('result_uri')).toMatch(
    new RegExp(`^${urls.api}/embedded/v1/social/result\\?flow=[\\w-]+$`),
  );
  expect(popups).toHaveLength(0);

  // A reload restores the same wallet.
  await page.reload();
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  await expect.poll(async () => (await widgetState(page))?.socialProvider).toBe('google');

  // A hand-made result_uri on another origin: refused with a clear error; the connection stays.
  const forged = 'https://evil.example/embedded/v1/social/result?flow=abcdefghijklmnop';
  await page.goto(`${REDIRECT_PAGE}&result_uri=${encodeURIComponent(forged)}`);
  await expect(widget(page).getByTestId('social-error')).toHaveText('This sign-in link is not valid');
  expect(page.url()).toBe(REDIRECT_PAGE);
  await widget(page).getByRole('button', { name: 'Back to Connect' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  await expect.poll(() => widgetState(page)).toMatchObject({ status: 'connected', socialProvider: 'google' });
});

test('a hand-made result_uri pointing to another origin is refused and the widget still works', async ({ page }) => {
  const forged = `${urls.dapp}/embedded/v1/social/result?flow=abcdefghijklmnop`;
  await page.goto(`${REDIRECT_PAGE}&result_uri=${encodeURIComponent(forged)}`);
  await expect(modal(page, 'Signing in')).toBeVisible();
  await expect(widget(page).getByTestId('social-error')).toHaveText('This sign-in link is not valid');
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  // Still usable: back to Connect, the provider buttons are there.
  await widget(page).getByRole('button', { name: 'Back to Connect' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await expect(secureFrame(page).getByRole('button', { name: 'Google', exact: true })).toBeVisible();
});

test('a result_uri of a flow started by another browser is refused; its own browser still finishes it', async ({
  page,
  browser,
}) => {
  test.slow();
  // The victim's browser: its secure frame's finish calls never reach the API, so the flow stays open.
  const returns: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().includes('result_uri=')) returns.push(request.url());
  });
  await page.route(`${urls.api}/embedded/v1/social/finish`, (route) => route.abort());
  await page.goto(REDIRECT_PAGE);
  await leaveForGoogle(page);
  await signInSteps(page, freshLogin('victim'));
  await expect.poll(() => returns.length, { timeout: 30_000 }).toBe(1);
  const resultUri = new URL(returns[0]!).searchParams.get('result_uri')!;

  // Another browser (another device key) opens the dapp with the victim's result_uri.
  const context = await browser.newContext();
  try {
    const attacker = await context.newPage();
    await attacker.goto(`${REDIRECT_PAGE}&result_uri=${encodeURIComponent(resultUri)}`);
    // A cold context loads the frame and the secure frame before the API refuses: 15 s was not
    // enough on a slow machine.
    await expect(widget(attacker).getByTestId('social-error')).toHaveText(
      'This sign-in was started by another device',
      { timeout: 30_000 },
    );
    await expect(dapp(attacker, 'dapp-account')).toHaveText('Not connected');
  } finally {
    await context.close();
  }

  // The victim's own browser finishes it. Its first page leaves first, so nothing of it can still be
  // finishing the flow once the route lets the finish through. CI once saw 'No social login pending'
  // here (the flow already redeemed, by what is not proven); 3 of 3 runs pass alone.
  await page.goto('about:blank');
  await page.unroute(`${urls.api}/embedded/v1/social/finish`);
  await page.goto(`${REDIRECT_PAGE}&result_uri=${encodeURIComponent(resultUri)}`);
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS, { timeout: 30_000 });
  await expect.poll(() => widgetState(page)).toMatchObject({ status: 'connected', socialProvider: 'google' });
});
