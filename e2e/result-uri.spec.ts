import { expect, test, urls } from './support/test';
import { widget } from './support/widget';

/**
 * Telegram mini-app return (spec §2 'result_uri'): a page opened with `?result_uri=…` loses the
 * parameter from its address at createWidget, without a reload, and the frame receives it in
 * its config (`resultUri`, untrusted input for the frame).
 */
test('createWidget takes result_uri off the address without a reload and hands it to the frame', async ({ page }) => {
  const resultUri = 'tg://resolve?domain=airlock_bot&startapp=back';
  await page.goto(`${urls.dapp}/?autoApprove=1&result_uri=${encodeURIComponent(resultUri)}#top`);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1)); // gone if the page reloads

  const iframe = page.locator('iframe[title="Airlock wallet widget"]');
  await expect(iframe).toBeAttached();
  await expect.poll(() => page.url()).toBe(`${urls.dapp}/?autoApprove=1#top`);
  const config = JSON.parse(new URL((await iframe.getAttribute('src'))!).searchParams.get('config')!);
  expect(config.resultUri).toBe(resultUri);
  // The frame accepted that config: it connected and answers the page.
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(widget(page).getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});
