import { CALLBACK_PAGE_HEADERS, callbackPage } from '../apps/api/src/social/page.ts';
import { expect, test, urls } from './support/test';

// The API's social callback page, served with its own headers to a popup that nothing else
// closes: on success it closes itself (its one script, allowed by hash in its CSP), so the
// popup does not stay open on "Signed in" when the secure frame's close() is dropped (Chromium
// drops a close that arrives while the popup is still switching to this page). A failure stays
// on screen for the secure frame to close after it read the outcome.
const CALLBACK = 'http://callback.airlock.test';

test('the social callback page closes its popup on success and stays on a failure', async ({ page, context }) => {
  await context.route(`${CALLBACK}/**`, (route) => {
    const ok = new URL(route.request().url()).pathname === '/ok';
    return route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      headers: { ...CALLBACK_PAGE_HEADERS },
      body: callbackPage(ok, ok ? 'You are signed in.' : 'state mismatch'),
    });
  });
  await page.goto(urls.dapp);
  const open = async (path: string) => {
    const popup = page.waitForEvent('popup');
    await page.evaluate((url) => void window.open(url, '_blank', 'popup,width=600,height=800'), `${CALLBACK}${path}`);
    return popup;
  };

  const failed = await open('/failed');
  await expect(failed.getByTestId('social-callback-message')).toHaveText('state mismatch');

  const done = await open('/ok');
  await expect.poll(() => done.isClosed(), { timeout: 10_000 }).toBe(true);
  // The failure page is still open: only the success page closes itself.
  expect(failed.isClosed()).toBe(false);
});
