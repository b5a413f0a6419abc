import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { ADDRESS, DAPP_AUTO_APPROVE, dapp, modal, showAccount, widget } from './support/widget';

/** The frame's catalog of `locale`: key → text. */
const catalog = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../apps/frame/src/i18n/locales/${locale}.json`, import.meta.url), 'utf8'));

/** Fails every download of the Receive view's chunk until the returned function is called. */
async function blockReceiveChunk(page: Page): Promise<() => Promise<void>> {
  const pattern = /\/ReceiveView-[^/]*\.js(\?.*)?$/;
  const handler = (route: Route) => route.abort();
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

for (const { locale, width } of [
  { locale: 'en', width: 1280 },
  { locale: 'ar', width: 390 },
]) {
  test.describe(`${locale} at ${width} px`, () => {
    test.use({ locale, viewport: { width, height: 844 } });

    test(`${locale}: a lazy view whose chunk fails says so, Try again shows it once the chunk loads, the connection stays`, async ({
      page,
    }, testInfo) => {
      const t = (key: string) => catalog(locale)[key] ?? key;
      const unblock = await blockReceiveChunk(page);
      await page.goto(`${DAPP_AUTO_APPROVE}&locale=${locale}`);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(modal(page, t('Connect Wallet'))).toBeVisible();
      await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
      await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
      const account = await showAccount(page, t('Account'), t('Close'));

      await account.getByRole('button', { name: t('Receive'), exact: true }).click();
      const receive = modal(page, t('Receive'));
      await expect(receive.getByRole('alert')).toHaveText(t('error.ViewLoadFailed'));
      await expect(receive.getByRole('button', { name: t('Try again') })).toBeVisible();
      await expect(widget(page).locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await page.screenshot({ path: testInfo.outputPath(`lazy-view-failed-${locale}-${width}.png`) });

      // Back leaves the view and keeps the connection.
      await receive
        .getByRole('button', { name: t('Back'), exact: true })
        .last()
        .click();
      await expect(account).toBeVisible();
      await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);

      // The chunk loads again: Try again shows the view itself.
      await account.getByRole('button', { name: t('Receive'), exact: true }).click();
      await expect(receive.getByRole('alert')).toHaveText(t('error.ViewLoadFailed'));
      await unblock();
      await receive.getByRole('button', { name: t('Try again') }).click();
      await expect(receive.getByTestId('receive-address')).toHaveText(
        (await dapp(page, 'dapp-account').textContent())!,
      );
      await expect(receive.getByRole('alert')).toHaveCount(0);
    });
  });
}
