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
