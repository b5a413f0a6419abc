import type { Frame, Page } from '@playwright/test';
import { secureFrame } from './support/emailLogin';
import { expect, test, urls } from './support/test';
import { DAPP_PROMPT, expectWidgetFocused, modal, widget } from './support/widget';

/**
 * The social and passkey buttons on Connect are drawn by the secure frame (origin C) over the
 * modal's socials slot, outside the modal's DOM: the keyboard alone must reach them in the
 * modal's tab order, both ways, and Enter on one must start that login (WCAG 2.1.1).
 */

/** A focused element's name as the test reports it (its aria-label, text, or tag). */
const NAME = (el: Element | null): string =>
  el ? el.getAttribute('aria-label') || el.textContent?.trim() || el.getAttribute('name') || el.tagName : '';

function secureFrameOf(page: Page): Frame | undefined {
  return page.frames().find((f) => f.url().startsWith(urls.secureFrame));
}

function widgetFrameOf(page: Page): Frame {
  const frame = page
    .frames()
    .find((f) => f.parentFrame() === page.mainFrame() && !f.url().startsWith(urls.secureFrame));
  if (!frame) throw new Error('no widget frame on the page');
  return frame;
}

/** Where the keyboard focus is: `C:<name>` inside the secure frame, `B:<name>` in the widget frame. */
async function focused(page: Page): Promise<string> {
  const c = secureFrameOf(page);
  const describe = `(${NAME.toString()})`;
  if (c && (await c.evaluate(() => document.hasFocus()))) {
    return `C:${await c.evaluate((fn) => new Function(`return ${fn}`)()(document.activeElement), describe)}`;
  }
  return `B:${await widgetFrameOf(page).evaluate((fn) => new Function(`return ${fn}`)()(document.activeElement), describe)}`;
}

test('Tab walks from the email field through every social and passkey button of the secure frame to the element after the slot, Shift+Tab walks back, Enter on a provider opens its popup', async ({
  page,
}) => {
  await page.goto(DAPP_PROMPT);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  const google = secureFrame(page).getByRole('button', { name: 'Google', exact: true });
  await expect(google).toBeVisible();

  // What the slot shows (C's buttons in order) and the modal's focusable elements around it.
  const inSlot = (await secureFrame(page)
    .getByRole('button')
    .evaluateAll((els, fn) => els.map((el) => new Function(`return ${fn}`)()(el)), `(${NAME.toString()})`)) as string[];
  expect(inSlot).toEqual(expect.arrayContaining(['Google', 'GitHub']));
  const around = await widget(page)
    .getByTestId('socials-slot')
    .evaluate((slot, fn) => {
      const name = new Function(`return ${fn}`)() as (el: Element) => string;
      const dialog = slot.closest('[role="dialog"]')!;
      const all = Array.from(
        dialog.querySelectorAll<HTMLElement>(
          'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])',
        ),
      ).filter((el) => !el.hasAttribute('data-slot-sentinel'));
      const email = all.findIndex((el) => el.matches('input[type="email"], input[name="email"]'));
      const before = all.filter((el) => slot.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
      const after = all.find((el) => slot.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
      return { toSlot: before.slice(email).map(name), after: after ? name(after) : null };
    }, `(${NAME.toString()})`);
  expect(around.after).not.toBeNull();

  // Keyboard only from here: Tab from the dialog reaches the email field first.
  // The host moves the page's focus into the frame once it shows it: a key pressed before goes to the page.
  await expectWidgetFocused(page);
  await expect(modal(page, 'Connect Wallet')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(widget(page).getByRole('textbox', { name: 'Email' })).toBeFocused();
  const forward = [...around.toSlot.map((n) => `B:${n}`), ...inSlot.map((n) => `C:${n}`), `B:${around.after}`];
  expect(await focused(page)).toBe(forward[0]);
  for (const expected of forward.slice(1)) {
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe(expected);
  }

  // Shift+Tab walks back the same way, to the element before the slot.
  const backward = [...inSlot.map((n) => `C:${n}`).reverse(), `B:${around.toSlot[around.toSlot.length - 1]}`];
  for (const expected of backward) {
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toBe(expected);
  }

  // Tab back into the slot lands on its first button, a social provider: Enter starts its login.
  await page.keyboard.press('Tab');
  await expect.poll(() => focused(page)).toBe(`C:${inSlot[0]}`);
  const popup = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  expect(['Google', 'GitHub', 'X', 'Discord', 'Apple', 'Facebook']).toContain(inSlot[0]);
  const opened = await popup;
  await expect(modal(page, 'Continue in the popup')).toBeVisible();
  await opened.close();
});

test('Escape on a button of the secure frame closes the modal, as anywhere in it', async ({ page }) => {
  await page.goto(DAPP_PROMPT);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await expect(secureFrame(page).getByRole('button', { name: 'Google', exact: true })).toBeVisible();
  // The host moves the page's focus into the frame once it shows it: a key pressed before goes to the page.
  await expectWidgetFocused(page);
  await expect(modal(page, 'Connect Wallet')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(widget(page).getByRole('textbox', { name: 'Email' })).toBeFocused();
  // Shift+Tab from the element after the slot lands on the slot's last button.
  await widget(page)
    .getByTestId('slot-sentinel-last')
    .evaluate((el) => {
      const dialog = el.closest('[role="dialog"]')!;
      const all = Array.from(
        dialog.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input:not([disabled])'),
      );
      all.find((b) => el.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)?.focus();
    });
  await page.keyboard.press('Shift+Tab');
  await expect.poll(async () => (await focused(page)).startsWith('C:')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(modal(page, 'Connect Wallet')).toBeHidden();
});
