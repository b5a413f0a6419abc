import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import { DAPP_AUTO_APPROVE, closeModal, connectDevWallet, modal, showAccount, widget } from './support/widget';

/**
 * A tour of every view in light, dark and mobile: an accessibility check (axe, WCAG 2 A/AA)
 * with no serious or critical violation in the widget, and, when `AIRLOCK_SCREENSHOTS` names
 * a folder (`npm run screenshots`), a screenshot of each view there.
 */

const SHOTS = process.env.AIRLOCK_SCREENSHOTS;
const WIDGET = 'iframe[title="Airlock wallet widget"]';

const MODES = {
  light: { viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  dark: { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  mobile: { viewport: { width: 390, height: 844 }, colorScheme: 'light' },
} as const;

/** Checks the widget with axe and, for `npm run screenshots`, saves the page as `<mode>-<name>.png`. */
async function check(page: Page, mode: string, name: string): Promise<void> {
  // Settled: no running view transition or skeleton left in the open view.
  await expect(widget(page).locator('.airlock-view')).toBeVisible();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page }).include([WIDGET, 'body']).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${mode}-${name}.png` });
  expect(serious, `${mode} ${name}`).toEqual([]);
}

for (const [mode, options] of Object.entries(MODES)) {
  test.describe(`every view, ${mode}`, () => {
    test.use(options);
    // An accessibility scan of every view: 0.8–1.1 min per walk-through on a slow machine.
    test.slow();

    test(`connect views (${mode})`, async ({ page }) => {
      await page.goto(DAPP_AUTO_APPROVE);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(modal(page, 'Connect Wallet')).toBeVisible();
      await check(page, mode, '01-connect');
      await widget(page).getByRole('button', { name: 'What is a wallet?' }).click();
      await expect(widget(page).getByRole('link', { name: 'Get a wallet' })).toBeVisible();
      await check(page, mode, '01b-connect-help');
      await widget(page).getByRole('button', { name: 'What is a wallet?' }).click();
      await widget(page).getByRole('button', { name: 'All wallets' }).click();
      await expect(widget(page).getByRole('searchbox').or(widget(page).getByRole('textbox')).first()).toBeVisible();
      await check(page, mode, '02-all-wallets');
      await widget(page).getByRole('button', { name: 'Back' }).click();
      await widget(page).getByRole('button', { name: 'WalletConnect' }).click();
      await expect(widget(page).getByTestId('wc-uri')).toHaveText(/^wc:/);
      await check(page, mode, '03-walletconnect');
    });

    test(`account views (${mode})`, async ({ page }) => {
      await page.goto(DAPP_AUTO_APPROVE);
      await connectDevWallet(page);
      await showAccount(page);
      await expect(widget(page).getByTestId('token-row').first()).toBeVisible();
      await check(page, mode, '04-account-tokens');
      await widget(page).getByRole('tab', { name: 'NFTs' }).click();
      await expect(widget(page).getByTestId('nft-item').first()).toBeVisible();
      await check(page, mode, '05-account-nfts');
      await widget(page).getByRole('tab', { name: 'Activity' }).click();
      await expect(widget(page).locator('[data-testid="activity-item"], .airlock-muted').first()).toBeVisible();
      await check(page, mode, '06-account-activity');
      await widget(page).getByRole('button', { name: 'Receive' }).click();
      await expect(widget(page).getByTestId('receive-address')).toBeVisible();
      await check(page, mode, '07-receive');
      await widget(page).getByRole('button', { name: 'Back' }).click();
      await widget(page).getByRole('button', { name: 'Send' }).click();
      await expect(widget(page).getByLabel('Receiver address')).toBeVisible();
      await check(page, mode, '08-send');
      await widget(page).getByRole('button', { name: 'Back' }).click();
      await widget(page).getByRole('button', { name: 'Switch network' }).click();
      await expect(modal(page, 'Select network')).toBeVisible();
      await check(page, mode, '09-networks');
      await closeModal(page);
    });

    test(`wallets view (${mode})`, async ({ page }) => {
      // Multi-wallet on (spec §1): the project's remote features, as e2e/multi-wallet.spec.ts turns it on.
      await page.context().route(`${urls.api}/appkit/v1/config**`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { features?: Record<string, unknown> };
        await route.fulfill({ response, json: { ...body, features: { ...body.features, multiWallet: true } } });
      });
      await page.goto(DAPP_AUTO_APPROVE);
      await connectDevWallet(page);
      await showAccount(page);
      await widget(page).getByRole('button', { name: 'Wallets' }).click();
      await expect(widget(page).getByTestId('profile-wallet')).toHaveCount(1);
      await check(page, mode, '10-profile-wallets');
      await closeModal(page);
    });
  });
}
