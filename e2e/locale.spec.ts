import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ADDRESS, DAPP_AUTO_APPROVE, dapp, modal, showAccount, widget } from './support/widget';

/**
 * The modal's language (docs/sdk.md 'Languages'): `createWidget({ locale })` (the demo's
 * `?locale=`), else the browser's language, else English; Arabic is laid out right to left.
 * With AIRLOCK_SCREENSHOTS set (`npm run screenshots`), the RTL Connect and Account views are
 * saved as `rtl-01-connect.png` and `rtl-04-account.png`.
 */

const SHOTS = process.env.AIRLOCK_SCREENSHOTS;

/** Opens the modal from the dapp's Connect button and waits for the Connect view titled `title`. */
async function openConnect(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, title)).toBeVisible();
}

/** Connects the Dev Wallet from the open Connect view, then shows Account (`title`; its Close is `closeName`). */
async function connectAndShowAccount(page: Page, title: string, closeName: string): Promise<void> {
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  await showAccount(page, title, closeName);
}

test('locale es: the Connect and Account views are in Spanish, with Spanish number formats', async ({ page }) => {
  await page.goto(`${DAPP_AUTO_APPROVE}&locale=es`);
  await openConnect(page, 'Conectar billetera');
  await expect(widget(page).locator('html')).toHaveAttribute('lang', 'es');
  await expect(widget(page).locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(widget(page).getByRole('button', { name: 'Todas las billeteras' })).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Cerrar' })).toBeVisible();

  await connectAndShowAccount(page, 'Cuenta', 'Cerrar');
  const account = modal(page, 'Cuenta');
  await expect(account.getByRole('button', { name: 'Copiar dirección' })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Desconectar' })).toBeVisible();
  await expect(account.getByRole('tab', { name: 'Actividad' })).toBeVisible();
  // Spanish decimal comma: 10000,000 ETH.
  await expect(account.getByTestId('account-balance')).toHaveText(/^\d+,\d{3} ETH$/);
  // A toast kept in state as English shows translated.
  await account.getByRole('button', { name: 'Copiar dirección' }).click();
  await expect(widget(page).getByRole('status')).toHaveText(/^(Dirección copiada|No se pudo copiar la dirección)$/);
});

test('locale ar: right to left, the close button on the left, addresses left to right', async ({ page }) => {
  await page.goto(`${DAPP_AUTO_APPROVE}&locale=ar`);
  await openConnect(page, 'ربط المحفظة');
  const html = widget(page).locator('html');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  const dialog = widget(page).getByRole('dialog');
  expect(await dialog.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  const close = await widget(page).getByRole('button', { name: 'إغلاق' }).boundingBox();
  const title = await widget(page).getByRole('heading', { name: 'ربط المحفظة' }).boundingBox();
  expect(close && title && close.x + close.width <= title.x).toBe(true);
  // The list rows start on the right: a wallet's icon is right of its name.
  const row = widget(page).getByRole('button', { name: 'Dev Wallet' });
  const icon = await row.locator('img').first().boundingBox();
  const name = await row.locator('.airlock-list-label').boundingBox();
  expect(icon && name && icon.x >= name.x + name.width - 1).toBe(true);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/rtl-01-connect.png` });

  await connectAndShowAccount(page, 'الحساب', 'إغلاق');
  const address = modal(page, 'الحساب').getByTestId('account-address');
  await expect(address).toHaveAttribute('dir', 'ltr');
  expect(await address.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await expect(modal(page, 'الحساب').getByRole('button', { name: 'قطع الاتصال' })).toBeVisible();
  await expect(modal(page, 'الحساب').getByTestId('token-row').first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/rtl-04-account.png` });

  // Back (on the right in RTL) returns from Receive to Account.
  await modal(page, 'الحساب').getByRole('button', { name: 'استلام' }).click();
  const back = await widget(page).getByRole('button', { name: 'رجوع' }).boundingBox();
  const closeNow = await widget(page).getByRole('button', { name: 'إغلاق' }).boundingBox();
  expect(back && closeNow && back.x > closeNow.x).toBe(true);
});

test('an unsupported locale falls back to English', async ({ page }) => {
  await page.goto(`${DAPP_AUTO_APPROVE}&locale=sw`);
  await openConnect(page, 'Connect Wallet');
  await expect(widget(page).locator('html')).toHaveAttribute('lang', 'en');
  await expect(widget(page).getByRole('button', { name: 'All wallets' })).toBeVisible();
});

test.describe('no locale option', () => {
  test.use({ locale: 'es-MX' });

  test("follows the browser's language (es-MX → Spanish)", async ({ page }) => {
    await page.goto(DAPP_AUTO_APPROVE);
    await openConnect(page, 'Conectar billetera');
    await expect(widget(page).locator('html')).toHaveAttribute('lang', 'es');
  });
});
