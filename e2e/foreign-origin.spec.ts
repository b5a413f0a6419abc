import { expect, test, urls } from './support/test';
import { widget } from './support/widget';

test('a parent page on a non-allowed origin gets no connection, learns it at once, and the frame says so', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(urls.foreignPage);

  // The frame tells the claimed parent origin that it refused (`airlock:refused`), so the host
  // rejects with 4900 and the reason at once instead of after the 20 s handshake timeout.
  const result = page.getByTestId('foreign-result');
  await expect(result).toHaveText(/^4900: /, { timeout: 5_000 });
  await expect(result).toContainText(urls.foreign);
  await expect(result).not.toContainText('0x7a69');

  // The frame renders the spec §8 alert. It never connected, so the host keeps the closed frame
  // transparent and inert: the alert is in the frame's document but not on screen, and the frame
  // takes no click or focus from the page.
  await expect(widget(page).getByRole('alert', { includeHidden: true })).toContainText('Invalid App Configuration');
  const iframe = page.locator('iframe[title="Airlock wallet widget"]');
  await expect(iframe).toHaveCSS('opacity', '0');
  await expect(iframe).toHaveJSProperty('inert', true);

  // The integrator learns why from the console, and what to do: one line naming the refused
  // origin and the project setting that admits it.
  await expect.poll(() => errors.filter((e) => e.includes('origin not allowed'))).toHaveLength(1);
  const line = errors.find((e) => e.includes('origin not allowed'));
  expect(line).toContain(urls.foreign);
  expect(line).toContain('allowed origins');
});
