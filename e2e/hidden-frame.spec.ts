import { expect, test, urls } from './support/test';
import { modal, widget } from './support/widget';

// The preloaded frame stays rendered while closed (transparent), so opening only reveals it;
// closed, it must take no click and no focus from the page.
test('the closed widget takes no click and no focus from the page; open shows it, close hides it again', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/fixtures/classic.html`);
  await expect(page.getByTestId('classic-status')).toHaveText('disconnected'); // the frame is up

  const iframe = page.locator('iframe[title="Airlock wallet widget"]');
  const focusedTags: string[] = [];
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    focusedTags.push(await page.evaluate(() => document.activeElement?.tagName ?? ''));
  }
  expect(focusedTags).toContain('BUTTON');
  expect(focusedTags).not.toContain('IFRAME');

  // A click at the button's position reaches the button, not the full-viewport frame above it.
  const box = (await page.getByRole('button', { name: 'Open widget' }).boundingBox())!;
  expect(
    await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    }),
  ).toBe('BUTTON');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await expect(iframe).toHaveJSProperty('inert', false);

  await widget(page).getByRole('button', { name: 'Close' }).click();
  await expect(widget(page).getByRole('dialog')).toBeHidden();
  await expect(iframe).toHaveJSProperty('inert', true);
  await expect(iframe).toHaveCSS('opacity', '0');
});

// The closed modal is drawn inside the frame (opening is a reveal). A page that forces the closed
// iframe visible and clickable must still get a modal that does nothing until open().
test('a page that forces the closed iframe visible gets a modal that takes no click and no focus', async ({ page }) => {
  await page.goto(`${urls.dapp}/fixtures/classic.html`);
  await expect(page.getByTestId('classic-status')).toHaveText('disconnected');
  const iframe = page.locator('iframe[title="Airlock wallet widget"]');
  const frame = (await (await iframe.elementHandle())!.contentFrame())!;
  // The closed modal is drawn (hidden from the accessibility tree, hence the CSS selector).
  const row = frame.locator('button[aria-label="WalletConnect"]');
  await expect(row).toBeAttached();
  // As a hostile page would: keep it forced, whatever the host sets later (the frame's first layout
  // report comes after its first paint and made the host hide it again, which CI once caught).
  await iframe.evaluate((el: HTMLIFrameElement) => {
    const force = () => {
      if (el.inert) el.inert = false;
      if (el.style.opacity !== '1') el.style.opacity = '1';
    };
    force();
    new MutationObserver(force).observe(el, { attributes: true, attributeFilter: ['inert', 'style'] });
  });
  await frame.evaluate(() => {
    const w = window as unknown as { clicks: string[] };
    w.clicks = [];
    document.addEventListener(
      'click',
      (e) => w.clicks.push((e.target as Element).closest('[role="dialog"]') ? 'dialog' : 'outside'),
      true,
    );
  });
  const box = (await row.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => frame.evaluate(() => (window as unknown as { clicks: string[] }).clicks.length)).toBe(1);
  // The click never reached the row, nor anything in the dialog (inert): it lands outside it.
  expect(await frame.evaluate(() => (window as unknown as { clicks: string[] }).clicks)).toEqual(['outside']);
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
  expect(await frame.evaluate(() => document.activeElement?.closest('[role="dialog"]') ?? null)).toBeNull();
  // Nothing started: still disconnected, the modal still closed.
  await expect(page.getByTestId('classic-status')).toHaveText('disconnected');
  expect(await frame.evaluate(() => document.querySelector('[role="dialog"]')?.closest('[inert]') != null)).toBe(true);
});
