import { expect, test, urls } from './support/test';
import { modal, widget } from './support/widget';

test('a page loading the classic script /airlock.js mounts the widget with window.Airlock.createWidget', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/fixtures/classic.html`);

  expect(
    await page.evaluate(() => typeof (window as { Airlock?: { createWidget?: unknown } }).Airlock?.createWidget),
  ).toBe('function');
  await expect(page.locator('iframe[title="Airlock wallet widget"]')).toHaveAttribute(
    'src',
    new RegExp(`^${urls.frameUrl}`),
  );

  // The provider answers through the frame: chain A is the first configured network.
  await expect(page.getByTestId('classic-chain')).toHaveText('0x7a69');
  await expect(page.getByTestId('classic-status')).toHaveText('disconnected');

  await page.getByRole('button', { name: 'Open widget' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Close' }).click();
  await expect(widget(page).getByRole('dialog')).toBeHidden();
});

test("a page that creates the widget while it loads and uses it later gets the widget's setup after its load event, and the widget works", async ({
  page,
}) => {
  // Before any of the page's scripts: what happens on the page, in order.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { seen?: string[] }).seen = seen;
    addEventListener('load', () => seen.push('load'));
    addEventListener('eip6963:requestProvider', () => seen.push('wallet discovery'));
    addEventListener('eip6963:announceProvider', (e) => {
      if ((e as CustomEvent).detail?.info?.rdns === 'xyz.airlock') seen.push('widget announced');
    });
  });
  await page.goto(`${urls.dapp}/fixtures/classic-later.html`);
  await expect(page.locator('iframe[title="Airlock wallet widget"]')).toBeAttached();
  const seen = await page.evaluate(() => (window as { seen?: string[] }).seen);
  expect(seen?.[0]).toBe('load');
  expect(seen).toContain('wallet discovery');
  expect(seen).toContain('widget announced');

  await page.getByRole('button', { name: 'Open widget' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
});
