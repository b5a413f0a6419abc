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
  await expect(result).toHaveText(/^4900: /, { timeout: 15_000 });
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

test('on a refused page open() shows the visitor a notice that Escape and Close hide, and still rejects with 4900', async ({
  page,
}) => {
  // The classic-script page, served on the refused origin: it exposes its widget as window.classicWidget.
  await page.goto(`${urls.foreign}/fixtures/classic.html`);
  await expect(page.getByTestId('classic-chain')).toHaveText(/^4900: /);

  const iframe = page.locator('iframe[title="Airlock wallet widget"]');
  const notice = widget(page).getByRole('alertdialog', { name: "This site can't use the wallet widget" });
  const open = () =>
    page.evaluate(() =>
      (window as unknown as { classicWidget: { open(): Promise<unknown> } }).classicWidget.open().then(
        () => 'resolved',
        (e: { code: number }) => e.code,
      ),
    );

  // Nothing shows before the dapp opens the widget.
  await expect(iframe).toHaveJSProperty('inert', true);
  expect(await open()).toBe(4900);
  await expect(notice).toBeVisible();
  await expect(iframe).toHaveCSS('opacity', '1');
  await expect(notice.getByRole('alert')).toHaveText('Invalid App Configuration');
  // Keyboard: focus is on Close; Escape hides the notice and gives the page its focus back.
  await expect(iframe).toBeFocused();
  await expect(notice.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(iframe).toHaveJSProperty('inert', true);
  await expect(iframe).toHaveCSS('opacity', '0');

  // Again, closed with the button (by keyboard: Enter on the focused Close).
  expect(await open()).toBe(4900);
  await expect(notice).toBeVisible();
  // As the first time, the key is pressed once the focus is on Close (before, it goes to the page).
  await expect(iframe).toBeFocused();
  await expect(notice.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(iframe).toHaveJSProperty('inert', true);
});

// The page learns the refusal before the notice's chunk has loaded; an open() in between reveals
// and focuses the iframe first. The notice must still take the focus once it is drawn.
test('an open() before the refused frame has drawn its notice still leaves the focus on Close', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.context().route('**/assets/refusalNotice-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${urls.foreign}/fixtures/classic.html`);
  await expect(page.getByTestId('classic-chain')).toHaveText(/^4900: /);
  const opened = page.evaluate(() =>
    (window as unknown as { classicWidget: { open(): Promise<unknown> } }).classicWidget.open().catch(() => 4900),
  );
  const iframe = page.locator('iframe[title="Airlock wallet widget"]');
  await expect(iframe).toHaveJSProperty('inert', false);
  release();
  const notice = widget(page).getByRole('alertdialog', { name: "This site can't use the wallet widget" });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Close' })).toBeFocused();
  expect(await opened).toBe(4900);
});
