import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, modal, widget } from './support/widget';

/**
 * The modal's own box: no classic scrollbar (with arrow buttons, light in dark mode) inside it
 * and nothing wider than it, even when its content is taller than the window; the title stays
 * centred.
 */

// Scrollbars drawn as in a headed Chromium (headless hides them by default).
test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ignoreDefaultArgs: ['--hide-scrollbars'] },
});

for (const size of [
  { width: 1280, height: 420 },
  { width: 390, height: 480 },
]) {
  test(`at ${size.width}×${size.height} the Connect view with the embedded wallet scrolls without a scrollbar or sideways overflow`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto(DAPP_AUTO_APPROVE);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(modal(page, 'Connect Wallet')).toBeVisible();
    await expect(widget(page).getByPlaceholder('Email')).toBeVisible();
    const dialog = widget(page).getByRole('dialog');
    const box = await dialog.evaluate((el: HTMLElement) => ({
      offsetWidth: el.offsetWidth,
      clientWidth: el.clientWidth,
      scrollWidth: el.scrollWidth,
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
    }));
    // The content is taller than the window here: the modal scrolls (else this test proves nothing).
    expect(box.scrollHeight).toBeGreaterThan(box.clientHeight);
    // No scrollbar takes width from the content, and nothing overflows sideways.
    expect(box.offsetWidth - box.clientWidth).toBe(0);
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    // The title is centred in the modal.
    const title = await dialog.locator('h1').first().boundingBox();
    const whole = await dialog.boundingBox();
    expect(Math.abs(title!.x + title!.width / 2 - (whole!.x + whole!.width / 2))).toBeLessThanOrEqual(1);
  });
}
