import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { freshEmail, secureFrame, waitForCode } from './support/emailLogin';
import { clippedTexts, seriousViolations } from './support/fit';
import { expect, test, urls } from './support/test';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { ADDRESS, DAPP_PROMPT, dapp, modal, showAccount, widget } from './support/widget';

/**
 * The translated widget at full length: for the three right-to-left languages and for Japanese
 * and German (long compound words), the Connect, Account and Send views and the secure frame's
 * approval (in the widget and in its window) render with no text cut off by its box
 * (support/fit.ts) and no serious axe violation. The browser's language is the visitor's:
 * the modal takes it from `?locale=` and the secure frame from its own `navigator.languages`
 * (the context locale), so the approval is checked in the language the visitor reads, not one
 * the page picked. With AIRLOCK_SCREENSHOTS set (`npm run screenshots`), each view is saved as
 * `i18n-<locale>-<nn>-<view>.png`.
 */

// The secure frame keeps its device keys in IndexedDB: third-party storage needs partitioning on.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

const SHOTS = process.env.AIRLOCK_SCREENSHOTS;
const WIDGET = 'iframe[title="Airlock wallet widget"]';
const LOCALES = [
  { locale: 'fa', dir: 'rtl' },
  { locale: 'he', dir: 'rtl' },
  { locale: 'ar', dir: 'rtl' },
  { locale: 'ja', dir: 'ltr' },
  { locale: 'de', dir: 'ltr' },
] as const;

/** The frame's and the secure frame's catalogs of `locale`: English key → text. */
function catalogs(locale: string): { t: (key: string) => string; sf: (key: string) => string } {
  const read = (path: string) =>
    JSON.parse(readFileSync(new URL(`../${path}/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
  const frame = read('apps/frame/src/i18n/locales');
  const secure = read('apps/secure-frame/src/i18n/locales');
  const pick = (table: Record<string, string>) => (key: string) => {
    const text = table[key];
    if (!text) throw new Error(`no ${locale} text for ${key}`);
    return text;
  };
  return { t: pick(frame), sf: pick(secure) };
}

/** No clipped text under `root`, no serious axe violation in the widget; the screenshot when asked. */
async function checkView(page: Page, root: Locator, name: string): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await clippedTexts(root), `${name}: text cut off`).toEqual([]);
  expect(await seriousViolations(page, WIDGET), `${name}: axe`).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/i18n-${name}.png` });
}

for (const { locale, dir } of LOCALES) {
  test.describe(locale, () => {
    test.use({ locale });
    // Four views with an axe scan each, an email login and an approval window.
    test.slow();

    test(`${locale}: Connect, Account, Send and the approval fit their boxes, ${dir}, with no serious axe violation`, async ({
      page,
    }) => {
      const { t, sf } = catalogs(locale);
      await page.goto(`${DAPP_PROMPT}?locale=${locale}`);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      const connect = modal(page, t('Connect Wallet'));
      await expect(connect).toBeVisible();
      await expect(widget(page).locator('html')).toHaveAttribute('lang', locale);
      await expect(widget(page).locator('html')).toHaveAttribute('dir', dir);
      await expect(widget(page).getByPlaceholder(t('Email'))).toBeVisible();
      await expect(widget(page).locator('.airlock-view')).toBeVisible();
      await checkView(page, connect, `${locale}-01-connect`);

      // Email login in the language: the code boxes are labelled in it too.
      const email = freshEmail(`fit-${locale}`);
      await widget(page).getByPlaceholder(t('Email')).fill(email);
      await widget(page)
        .getByRole('button', { name: t('Continue'), exact: true })
        .click();
      await expect(modal(page, t('Confirm Email'))).toBeVisible();
      const { code } = await waitForCode(email);
      await widget(page)
        .getByLabel(t('Digit {{position}} of {{length}}').replace('{{position}}', '1').replace('{{length}}', '6'))
        .click();
      await page.keyboard.type(code);
      await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS, { timeout: 30_000 });

      const account = await showAccount(page, t('Account'), t('Close'));
      await expect(account.getByTestId('account-address')).toBeVisible();
      await expect(widget(page).locator('.airlock-view')).toBeVisible();
      await checkView(page, account, `${locale}-02-account`);

      await account.getByRole('button', { name: t('Send'), exact: true }).click();
      const send = widget(page).getByRole('dialog');
      await expect(send.getByText(t('Receiver address'))).toBeVisible();
      await expect(widget(page).locator('.airlock-view')).toBeVisible();
      await checkView(page, send, `${locale}-03-send`);
      await page.keyboard.press('Escape');
      await expect(widget(page).getByRole('dialog')).toBeHidden();

      // The approval: the secure frame speaks the browser's language, laid out like the modal.
      await page.getByRole('button', { name: 'Sign message' }).click();
      await expect(modal(page, t('Sign Message'))).toBeVisible();
      const card = secureFrame(page).getByTestId('approval');
      await expect(card.getByRole('button', { name: sf('Reject') })).toBeVisible();
      await expect(card.getByTestId('approval-title')).toHaveText(sf('Sign a message'));
      await expect(secureFrame(page).locator('html')).toHaveAttribute('dir', dir);
      await expect(secureFrame(page).locator('html')).toHaveAttribute('lang', locale);
      // The values stay as they are: the origin that asks, left to right.
      await expect(card.getByTestId('approval-origin')).toHaveText(urls.dapp);
      await expect(card.getByTestId('approval-origin')).toHaveCSS('direction', 'ltr');
      await checkView(page, card, `${locale}-04-approval`);

      // The approval window (the secure frame's origin, its own navigator.language) approves.
      const review = secureFrame(page).getByTestId('review');
      await expect(review).toHaveText(sf('Review in secure window'));
      await expect(review).toBeEnabled({ timeout: 10_000 });
      const [popup] = await Promise.all([page.context().waitForEvent('page'), review.click()]);
      expect(new URL(popup.url()).origin).toBe(urls.secureFrame);
      const approve = popup.getByTestId('approve');
      await expect(approve).toHaveText(sf('Approve'));
      await expect(popup.locator('html')).toHaveAttribute('dir', dir);
      await expect(popup).toHaveTitle(sf('Approve a request · Airlock wallet'));
      expect(await clippedTexts(popup.locator('body')), 'approval window: text cut off').toEqual([]);
      if (SHOTS) await popup.screenshot({ path: `${SHOTS}/i18n-${locale}-05-approval-window.png` });
      await expect(approve).toBeEnabled({ timeout: 10_000 });
      const closed = popup.waitForEvent('close');
      await approve.click();
      await closed;
      await expect(dapp(page, 'dapp-signature')).toHaveText('valid');
    });
  });
}
