import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, connectDevWallet, expectWidgetFocused, modal, showAccount, widget } from './support/widget';

/** The text of the elements in the widget that show a focus ring (`:focus-visible` with an outline). */
async function focusRings(page: import('@playwright/test').Page): Promise<string[]> {
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  return frame.evaluate(() =>
    Array.from(document.querySelectorAll(':focus-visible'))
      .filter((el) => getComputedStyle(el).outlineStyle !== 'none')
      .map(
        (el) =>
          el.getAttribute('aria-label') ||
          el.textContent ||
          // An element without text (an input, a focus sentinel, an iframe) is named by its tag, id and test id.
          `<${el.tagName.toLowerCase()} id="${el.id}" data-testid="${el.getAttribute('data-testid') ?? ''}">`,
      ),
  );
}

test('opening the modal with the mouse shows no focus ring; the keyboard reaches the email field, then the first wallet', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await expect.poll(() => focusRings(page)).toEqual([]);
  await expect(widget(page).getByRole('dialog')).toBeFocused();
  // The host moves the page's focus into the frame once it shows it: a key pressed before goes to the page.
  await expectWidgetFocused(page);

  // Tab moves to the first connect method of the view, the email field (spec §1 order: email,
  // social, wallet), not to the header's Close button; the wallets follow the email form and the
  // social and passkey buttons (the secure frame's, reached through the slot: keyboard-socials.spec.ts).
  await page.keyboard.press('Tab');
  await expect(widget(page).getByRole('button', { name: 'Close' })).not.toBeFocused();
  await expect(widget(page).getByRole('textbox', { name: 'Email' })).toBeFocused();
  const first = widget(page).getByRole('button', { name: 'WalletConnect' });
  for (let i = 0; i < 24 && !(await first.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(first).toBeFocused();
});

test('the Account tabs are one Tab stop; arrow keys, Home and End move between them (WAI-ARIA tabs)', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await showAccount(page);
  const tab = (name: string) => widget(page).getByRole('tab', { name });
  await expect(tab('Tokens')).toHaveAttribute('tabindex', '0');
  await expect(tab('NFTs')).toHaveAttribute('tabindex', '-1');
  await expect(tab('Activity')).toHaveAttribute('tabindex', '-1');

  await tab('Tokens').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('NFTs')).toBeFocused();
  await expect(tab('NFTs')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(tab('Activity')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Tokens')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Activity')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tab('Tokens')).toBeFocused();
  await expect(tab('Tokens')).toHaveAttribute('aria-selected', 'true');

  // Tab leaves the tab strip for the panel's content rather than visiting every tab.
  await page.keyboard.press('Tab');
  await expect(tab('NFTs')).not.toBeFocused();
  await expect(tab('Activity')).not.toBeFocused();
});
