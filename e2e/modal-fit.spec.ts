import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { expect, test } from './support/test';
import { secureFrame } from './support/emailLogin';
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

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width}×${size.height} the whole Connect view (email, socials, passkeys, Farcaster, wallets) fits the window without scrolling, with one primary action`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto(DAPP_AUTO_APPROVE);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(modal(page, 'Connect Wallet')).toBeVisible();
    // Everything Connect shows has arrived: the secure frame's buttons, the listing's wallets and count.
    await expect(secureFrame(page).getByRole('button', { name: 'Google', exact: true })).toBeVisible();
    await expect(widget(page).getByTestId('wallet-group-popular')).toBeVisible();
    await expect(widget(page).getByTestId('wallet-count')).toBeVisible();
    await expect(widget(page).getByRole('button', { name: 'Farcaster' })).toBeVisible();
    // The spec §1 branding footer is part of what must fit.
    await expect(widget(page).getByTestId('branding')).toHaveText('Secured by Airlock');
    const dialog = widget(page).getByRole('dialog');
    // The modal's own box: its content needs no scrolling.
    await expect
      .poll(() => dialog.evaluate((el: HTMLElement) => el.scrollHeight - el.clientHeight), {
        message: 'Connect scrolls: its content is taller than the modal',
      })
      .toBeLessThanOrEqual(0);
    // And the modal lies inside the window (not cut by its bottom edge).
    const box = await dialog.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(size.height + 0.5);
    // One primary (accent) action in the widget frame's view: Continue.
    const primaries = dialog.locator('button.airlock-button:not(.airlock-secondary)');
    await expect(primaries).toHaveCount(1);
    await expect(primaries).toHaveText('Continue');
    const shots = process.env.AIRLOCK_SCREENSHOTS;
    if (shots) await page.screenshot({ path: `${shots}/fit-connect-${size.width}x${size.height}.png` });
  });
}
