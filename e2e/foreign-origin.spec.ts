import { expect, test, urls } from './support/test';
import { widget } from './support/widget';

test('a parent page on a non-allowed origin gets no connection and the frame says so', async ({ page }) => {
  await page.goto(urls.foreignPage);

  // The frame refuses to connect, so the host's handshake fails (Timeout.handshake, 20 s) with 4900.
  await expect(page.getByTestId('foreign-result')).toContainText('4900', { timeout: 40_000 });
  await expect(page.getByTestId('foreign-result')).not.toContainText('0x7a69');

  // The frame renders the spec §8 alert. It never connected, so the host keeps the overlay
  // hidden: the alert is in the frame's document but not on screen.
  await expect(widget(page).getByRole('alert', { includeHidden: true })).toContainText('Invalid App Configuration');
});
