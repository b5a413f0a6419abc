import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect, urls } from './test';

/** The demo dapp with the Dev Wallet approving everything (no panel). */
export const DAPP_AUTO_APPROVE = `${urls.dapp}/?autoApprove=1`;

/** The demo dapp with the Dev Wallet asking through its `Dev Wallet request` panel. */
export const DAPP_PROMPT = `${urls.dapp}/`;

/** A checksummed EVM address as the dapp shows it in `dapp-account`. */
export const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The widget iframe on a page (docs/integration.md: `title="Airlock wallet widget"`). */
export function widget(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Airlock wallet widget"]');
}

/** The widget's modal with a given view title (`Connect Wallet`, `Account`, `Select network`). */
export function modal(page: Page, name: string): Locator {
  return widget(page).getByRole('dialog', { name });
}

/** A `data-testid` element of the dapp page. */
export function dapp(page: Page, testId: string): Locator {
  return page.getByTestId(testId);
}

/** The address in the widget's shortened form: 4 start and 6 end characters (`0xf3…b92266`). */
export function shortAddress(address: string): string {
  return `${address.slice(0, 4)}…${address.slice(-6)}`;
}

/**
 * Connects the Dev Wallet the way a visitor does: the dapp's `Connect` button,
 * the widget's `Connect Wallet` view, the `Dev Wallet` button. Expects the page
 * loaded with `?autoApprove=1`. Resolves with the checksummed address the dapp shows.
 */
export async function connectDevWallet(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  return (await dapp(page, 'dapp-account').textContent())!.trim();
}

/**
 * Waits until the widget iframe has the page's focus, as it has once the host has shown the modal
 * and moved focus in: a key pressed before goes to the dapp page, not to the modal the visitor sees.
 */
export async function expectWidgetFocused(page: Page): Promise<void> {
  await expect(page.locator('iframe[title="Airlock wallet widget"]')).toBeFocused();
}

/**
 * Closes the widget's modal with its `Close` button (`closeName` in the modal's language) when one
 * is open, and waits until it is gone. Not a one-shot look: a modal closing by itself meanwhile
 * (a wallet that just connected closes it) is waited for, and a Close that vanished before the
 * click is not an error.
 */
export async function closeModal(page: Page, closeName = 'Close'): Promise<void> {
  await expect(() => closeOnce(page, closeName)).toPass({ timeout: 45_000 });
}

/** One try of {@link closeModal}: Close clicked if a dialog shows, then the dialog gone within 5 s. */
async function closeOnce(page: Page, closeName: string): Promise<void> {
  const dialog = widget(page).getByRole('dialog');
  if (await dialog.isVisible()) await widget(page).getByRole('button', { name: closeName }).click({ timeout: 5_000 });
  await expect(dialog).toBeHidden({ timeout: 5_000 });
}

/**
 * Shows the widget's Account view (`title` and `closeName` in the modal's language): if the modal
 * is on another view it is closed, then the dapp's `Open widget` button opens it (connected →
 * Account, spec §2). Right after a connection the modal may still be closing by itself: each look
 * is retried until the Account view shows, never decided from one instant.
 */
export async function showAccount(page: Page, title = 'Account', closeName = 'Close'): Promise<Locator> {
  const account = modal(page, title);
  await expect(async () => {
    if (!(await account.isVisible())) {
      await closeOnce(page, closeName);
      await page.getByRole('button', { name: 'Open widget' }).click();
    }
    await expect(account).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  return account;
}

/**
 * The native balance the Account view shows (`account-balance`, `10000.000 ETH`), as a number.
 * Waits until the header has read it (`data-state="ready"`: not the loading placeholder) and fails
 * with a clear message when the read failed ('Balance unavailable'), so a poll on it never passes
 * on anything but a read figure.
 */
export async function widgetBalance(page: Page): Promise<number> {
  const balance = widget(page).getByTestId('account-balance');
  await expect(balance, 'the Account header has finished reading the balance').toHaveAttribute(
    'data-state',
    /^(ready|unavailable)$/,
  );
  await expect(balance, 'the native balance could not be read (Balance unavailable)').toHaveAttribute(
    'data-state',
    'ready',
    { timeout: 1 },
  );
  await expect(balance).toHaveText(/^\d+\.\d{3} ETH$/);
  return Number.parseFloat((await balance.textContent())!);
}

/**
 * The entries of the dapp's `dapp-events` log (one element per provider event,
 * docs/integration.md) whose whole text is `line`, e.g. `disconnect`.
 */
export function dappEvent(page: Page, line: string): Locator {
  return dapp(page, 'dapp-events').getByText(line, { exact: true });
}

/**
 * Clicks `target` once its box on the page stopped moving (the same box twice, 200 ms apart). For
 * the secure frame's buttons, drawn over the modal in an iframe of their own: the modal is centred
 * and its height follows its content with a 150 ms transition (a wallet list arriving grows it), and
 * Playwright's own stability check sees the button still inside its iframe, not the iframe moving —
 * a click computed mid-move lands where the button was (CI once clicked beside 'Sign in with a passkey').
 */
export async function clickWhenSettled(target: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await target.boundingBox());
        const settled = box !== 'null' && box === last;
        last = box;
        return settled;
      },
      { intervals: [200], timeout: 15_000 },
    )
    .toBe(true);
  await target.click();
}
