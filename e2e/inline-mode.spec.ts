import type { Page } from '@playwright/test';
import { approvalDialog, freshEmail, secureFrame, typeCode, waitForCode } from './support/emailLogin.ts';
import { expect, test, urls } from './support/test.ts';
import { ADDRESS, dapp, dappEvent, widget } from './support/widget.ts';

/**
 * Embedded (inline) mode (spec §2, `@airlock/host-sdk/inline`, docs/sdk.md): the demo dapp's
 * `?inline=1` mounts the widget inside its `dapp-inline` element. The widget shows there at all
 * times (Connect, then Account once connected, Connect again after a disconnect), sized by the
 * frame's reported height, with no style attribute on the page; an approval leaves the page's
 * layout for the modal overlay, where a cover on top keeps the secure frame's Review disabled.
 */

const INLINE = `${urls.dapp}/?inline=1&autoApprove=1`;

/** The widget's iframe, inside the dapp's element. */
const iframe = (page: Page) => page.locator('[data-testid="dapp-inline"] > iframe[title="Airlock wallet widget"]');

/** The elements of the page that carry a style attribute (markup or CSSOM on the element). */
const styled = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('[style]')].map((e) => e.outerHTML.slice(0, 120)));

test('the widget shows inline in the page: Connect, Account once connected, Connect after a disconnect; no style attribute', async ({
  page,
}) => {
  await page.goto(INLINE);
  // Mounted in the element, not on the body, and drawn in the page's layout at the frame's height.
  await expect(iframe(page)).toHaveCount(1);
  await expect(page.locator('body > iframe[title="Airlock wallet widget"]')).toHaveCount(0);
  const connect = widget(page).getByRole('dialog', { name: 'Connect Wallet' });
  await expect(connect).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect.poll(async () => (await iframe(page).boundingBox())?.height ?? 0).toBeGreaterThan(200);
  const panel = (await page.getByTestId('dapp-inline').boundingBox())!;
  const box = (await iframe(page).boundingBox())!;
  expect(box.width).toBe(panel.width);
  expect(box.height).toBeLessThan(page.viewportSize()!.height);
  expect(await styled(page)).toEqual([]);

  // Connecting from the inline widget: it shows Account in place.
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  await expect(widget(page).getByRole('dialog', { name: 'Account' })).toBeVisible();
  await expect(iframe(page)).toBeVisible();
  expect(await styled(page)).toEqual([]);

  // No Close on the root view (spec §2 in embedded mode: closing resets to it); a deeper view has
  // Back and Close, and Close resets to Account while connected: still shown, still Account.
  await expect(widget(page).getByRole('button', { name: 'Close' })).toHaveCount(0);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await expect(widget(page).getByRole('button', { name: 'Back' })).toBeVisible();
  await widget(page).getByRole('button', { name: 'Close' }).click();
  await expect(widget(page).getByRole('dialog', { name: 'Account' })).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Close' })).toHaveCount(0);

  // A disconnect returns it to Connect.
  await widget(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  await expect(dappEvent(page, 'disconnect')).toHaveCount(1);
  await expect(connect).toBeVisible();
  expect(await styled(page)).toEqual([]);

  // A reload with the remembered wallet reconnects silently and shows Account inline.
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  await page.reload();
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  await expect(widget(page).getByRole('dialog', { name: 'Account' })).toBeVisible();
});

test('the classic scripts: airlock-inline.js after airlock.js mounts the widget in the element with Airlock.inline', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/fixtures/classic-inline.html`);
  const frame = page.locator('#wallet > iframe[title="Airlock wallet widget"]');
  await expect(frame).toHaveCount(1);
  await expect(widget(page).getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible();
  await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan(200);
  await expect(page.locator('body > iframe')).toHaveCount(0);
  expect(await styled(page)).toEqual([]);
});

test('an approval leaves the page layout for the modal overlay, and a page cover on it keeps Review disabled', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/?inline=1`);
  const email = freshEmail('inline');
  await widget(page).getByPlaceholder('Email').fill(email);
  await widget(page).getByRole('button', { name: 'Continue' }).click();
  const { code } = await waitForCode(email);
  await typeCode(page, code);
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS, { timeout: 30_000 });
  await expect(widget(page).getByRole('dialog', { name: 'Account' })).toBeVisible();
  const inlineBox = (await iframe(page).boundingBox())!;

  // The page covers its own element with a layer above everything before asking for a signature.
  await page.evaluate(() => {
    const cover = document.createElement('div');
    cover.id = 'cover';
    document.body.append(cover);
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      '#cover{position:fixed;inset:0;z-index:2147483647;background:#fff;pointer-events:none}#cover.off{display:none}',
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(approvalDialog(page)).toBeVisible();
  // The same iframe (not moved, not reloaded) now covers the viewport, as the modal overlay.
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => {
      const b = (await iframe(page).boundingBox())!;
      return [b.x, b.y, b.width, b.height];
    })
    .toEqual([0, 0, viewport.width, viewport.height]);
  expect(inlineBox.width).toBeLessThan(viewport.width);
  // Covered: the secure frame's gate sees it, its Review button stays disabled, no window opens.
  const approval = secureFrame(page).getByTestId('approval');
  await expect(approval).toHaveAttribute('data-gate', 'hidden');
  await expect(approval.getByTestId('review')).toBeDisabled();
  expect(page.context().pages()).toHaveLength(1);
  // Uncovered: it becomes usable; rejecting it brings the widget back inline on Account.
  await page.evaluate(() => document.getElementById('cover')!.classList.add('off'));
  await expect(approval.getByTestId('review')).toBeEnabled({ timeout: 10_000 });
  await secureFrame(page).getByRole('button', { name: 'Reject' }).click();
  await expect(dapp(page, 'dapp-error')).toContainText('4001');
  await expect(widget(page).getByRole('dialog', { name: 'Account' })).toBeVisible();
  await expect.poll(async () => (await iframe(page).boundingBox())!.width).toBe(inlineBox.width);
  expect(await styled(page)).toEqual([]);
});
