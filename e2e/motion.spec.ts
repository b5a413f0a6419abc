import type { Frame, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DAPP_PROMPT, modal, widget } from './support/widget';

/**
 * Motion (spec §2): view transition 150 ms, modal height 150 ms, header text 120 ms and a
 * 500 ms shake when an error message appears; with `prefers-reduced-motion: reduce` none
 * of them runs (computed `animation` none, `transition-duration` 0s). The view shown at
 * open is drawn while the modal is closed, so opening reveals it without an animation.
 */

/** The widget iframe's document, to read computed styles and watch the dialog's class. */
async function frameOf(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title="Airlock wallet widget"]').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no widget frame');
  return frame;
}

/** Computed animation / transition of the dialog, the open view and the title. */
async function motion(frame: Frame) {
  return frame.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    const dialog = style('[role="dialog"]');
    const view = style('.airlock-view');
    const title = style('.airlock-title');
    return {
      dialogTransition: `${dialog.transitionProperty} ${dialog.transitionDuration}`,
      view: `${view.animationName} ${view.animationDuration}`,
      title: `${title.animationName} ${title.animationDuration}`,
    };
  });
}

/** Opens Connect, records every shake (the dialog's animation at the moment it gets `airlock-shake`), rejects the connection. */
async function rejectConnection(page: Page, frame: Frame): Promise<string[]> {
  await frame.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]')!;
    const seen: string[] = [];
    (window as unknown as { shakes: string[] }).shakes = seen;
    new MutationObserver(() => {
      if (!dialog.classList.contains('airlock-shake')) return;
      const style = getComputedStyle(dialog);
      seen.push(`${style.animationName} ${style.animationDuration}`);
    }).observe(dialog, { attributes: true, attributeFilter: ['class'] });
  });
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  await page.getByRole('dialog', { name: 'Dev Wallet request' }).getByRole('button', { name: 'Reject' }).click();
  await expect(widget(page).getByText('Connection rejected')).toBeVisible();
  return frame.evaluate(() => (window as unknown as { shakes: string[] }).shakes);
}

test('the modal opens at once, animates view changes, title and height, and shakes when an error appears', async ({
  page,
}) => {
  await page.goto(DAPP_PROMPT);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  const frame = await frameOf(page);
  // The view shown at open was drawn while closed: it is revealed, not animated in.
  expect(await motion(frame)).toEqual({ dialogTransition: 'height 0.15s', view: 'none 0s', title: 'none 0s' });
  // A view reached while open enters (spec §2: view 150 ms, title 120 ms).
  await widget(page).getByRole('button', { name: 'All wallets' }).click();
  await expect(modal(page, 'All Wallets')).toBeVisible();
  expect(await motion(frame)).toEqual({
    dialogTransition: 'height 0.15s',
    view: 'airlock-view-in 0.15s',
    title: 'airlock-fade 0.12s',
  });
  await widget(page).getByRole('button', { name: 'Back' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  expect(await rejectConnection(page, frame)).toEqual(['airlock-shake 0.5s']);
  // The shake ends (the class goes when its animation ends).
  await expect(widget(page).getByRole('dialog')).not.toHaveClass(/airlock-shake/);
});

test('with reduced motion nothing animates, and an error does not shake', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(DAPP_PROMPT);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  const frame = await frameOf(page);
  await widget(page).getByRole('button', { name: 'All wallets' }).click();
  await expect(modal(page, 'All Wallets')).toBeVisible();
  expect(await motion(frame)).toEqual({ dialogTransition: 'none 0s', view: 'none 0s', title: 'none 0s' });
  await widget(page).getByRole('button', { name: 'Back' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  const shakes = await rejectConnection(page, frame);
  expect(shakes.every((s) => s.startsWith('none '))).toBe(true);
  await expect(widget(page).getByRole('dialog')).not.toHaveClass(/airlock-shake/);
});
