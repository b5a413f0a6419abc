import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, test, urls } from './support/test';
import { ADDRESS, DAPP_AUTO_APPROVE, connectDevWallet, dapp, showAccount, widget } from './support/widget';

/**
 * The art of the network pill, the network list, SwitchNetwork and the Buy view's provider cards:
 * the frame's own network marks (SVG files on the frame's origin), a local chain's letter badge,
 * the onramp provider's logo from the API's options (served by the sandbox provider), and the
 * initial in place of any of them that fails to load. With AIRLOCK_SCREENSHOTS set, each view is
 * saved as `logos-<variant>-<view>.png` in light, dark, Arabic and at 390 px width.
 */

const SHOTS = process.env.AIRLOCK_SCREENSHOTS;
const ETHEREUM_MARK = /\/assets\/ethereum-[^/]+\.svg$/;
const PROVIDER_LOGO = /\/logo\/[a-z0-9-]+\.svg$/;

/** True once `img` has loaded a picture (not a broken image). */
const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

/** The frame's English → `locale` text of `key` (English for `en`). */
function text(locale: string, key: string): string {
  if (locale === 'en') return key;
  const url = new URL(`../apps/frame/src/i18n/locales/${locale}.json`, import.meta.url);
  const catalog = JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
  return catalog[key] ?? key;
}

/** Opens the Buy view from Account and waits for both providers' cards with their logos. */
async function openBuy(page: Page, locale = 'en'): Promise<Locator> {
  await showAccountIn(page, locale);
  await widget(page)
    .getByRole('button', { name: text(locale, 'Buy'), exact: true })
    .click();
  const buy = widget(page).getByRole('dialog', { name: text(locale, 'Buy crypto') });
  await expect(buy.getByTestId('onramp-quote')).toHaveCount(2);
  return buy;
}

/** The Account view in `locale` (its title translated). */
async function showAccountIn(page: Page, locale: string): Promise<Locator> {
  if (locale === 'en') return showAccount(page);
  return showAccount(page, text(locale, 'Account'), text(locale, 'Close'));
}

test('the pill, the network list and SwitchNetwork show the frame-served network marks; Anvil B wears a B', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  const account = await showAccount(page);
  const pillIcon = account.locator('.airlock-network-pill img');
  await expect(pillIcon).toHaveAttribute('data-logo', 'frame');
  await expect.poll(() => loaded(pillIcon)).toBe(true);
  // Served by the frame's own origin, as a file of its own (not a data: URI inside a chunk).
  const src = await pillIcon.evaluate((el: HTMLImageElement) => el.src);
  expect(new URL(src).origin).toBe(new URL(urls.frame).origin);
  expect(src).toMatch(ETHEREUM_MARK);
  await expect(account.getByTestId('network-badge')).toHaveAttribute('data-badge', 'A');

  await account.getByRole('button', { name: 'Switch network' }).click();
  const list = widget(page).getByRole('dialog', { name: 'Select network' });
  const anvilB = list.getByRole('button', { name: 'Anvil B' });
  await expect(anvilB.getByTestId('network-badge')).toHaveAttribute('data-badge', 'B');
  await expect.poll(() => loaded(anvilB.locator('img'))).toBe(true);
  const solana = list.getByRole('button', { name: 'Solana Local' });
  await expect(solana.locator('img')).toHaveAttribute('src', /\/assets\/solana-[^/]+\.svg$/);
});

test('a network mark that fails to load gives way to the coloured initial', async ({ page }) => {
  await page.route(ETHEREUM_MARK, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  const account = await showAccount(page);
  await expect(account.locator('.airlock-network-pill').getByTestId('network-initial')).toHaveText('A');
  await expect(account.locator('.airlock-network-pill img')).toHaveCount(0);
});

test("Buy's provider cards show each provider's logo from the API's options; a failing logo shows the initial", async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  const buy = await openBuy(page);
  for (const [name, id] of [
    ['Harbor Pay', 'harbor-pay'],
    ['Lantern Ramp', 'lantern-ramp'],
  ] as const) {
    const logo = buy
      .getByTestId('onramp-quote')
      .filter({ hasText: name })
      .getByTestId('onramp-provider-logo')
      .locator('img');
    await expect(logo).toHaveAttribute('src', `${urls.onramp}/logo/${id}.svg`);
    await expect.poll(() => loaded(logo)).toBe(true);
  }

  // A fresh page whose provider logos answer 404: the initial stands in.
  const other = await page.context().newPage();
  await other.route(PROVIDER_LOGO, (route) => route.fulfill({ status: 404, body: '' }));
  await other.goto(DAPP_AUTO_APPROVE);
  await expect(dapp(other, 'dapp-account')).toHaveText(ADDRESS);
  const broken = await openBuy(other);
  const harbor = broken.getByTestId('onramp-quote').filter({ hasText: 'Harbor Pay' });
  await expect(harbor.getByTestId('token-icon-fallback')).toHaveText('H');
  await expect(harbor.locator('img')).toHaveCount(0);
});

const VARIANTS = [
  { name: 'light', query: 'themeMode=light', locale: 'en', width: 1280 },
  { name: 'dark', query: 'themeMode=dark', locale: 'en', width: 1280 },
  { name: 'ar', query: 'locale=ar', locale: 'ar', width: 1280 },
  { name: 'phone', query: 'themeMode=light', locale: 'en', width: 390 },
] as const;

for (const variant of VARIANTS) {
  test(`the marks in ${variant.name}: network list, SwitchNetwork, the pill, Buy`, async ({ page }) => {
    await page.setViewportSize({ width: variant.width, height: variant.width === 390 ? 844 : 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${DAPP_AUTO_APPROVE}&${variant.query}`);
    const shot = async (view: string, root: Locator) => {
      for (const img of await root.locator('img').all()) await expect.poll(() => loaded(img)).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/logos-${variant.name}-${view}.png` });
    };

    // Disconnected, a network picked in the list is confirmed on SwitchNetwork, under the target's mark.
    await page.evaluate(() => {
      const w = (window as unknown as { __airlockDemoWidget: { open(o: { view: string }): Promise<unknown> } })
        .__airlockDemoWidget;
      void w.open({ view: 'Networks' });
    });
    const list = widget(page).getByRole('dialog', { name: text(variant.locale, 'Select network') });
    await expect(list.getByRole('button', { name: 'Anvil B' })).toBeVisible();
    await shot('1-networks', list);
    await list.getByRole('button', { name: 'Anvil B' }).click();
    const switching = widget(page).getByRole('dialog', { name: 'Anvil B' });
    await expect(switching.getByTestId('switch-network-icon').getByTestId('network-badge')).toHaveAttribute(
      'data-badge',
      'B',
    );
    await shot('2-switch-network', switching);
    await switching.getByRole('button').filter({ hasText: 'Anvil B' }).click();
    await expect(dapp(page, 'dapp-chain')).toHaveText('31338');
    await widget(page)
      .getByRole('button', { name: text(variant.locale, 'Close') })
      .click();

    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
    await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
    const account = await showAccountIn(page, variant.locale);
    await expect(account.locator('.airlock-network-pill img')).toHaveAttribute('data-logo', 'frame');
    // The Dev Wallet stays on its own chain (Anvil A): the pill shows the wallet's network.
    await expect(account.getByTestId('network-badge')).toHaveAttribute('data-badge', /^[AB]$/);
    await shot('3-account', account);

    const buy = await openBuy(page, variant.locale);
    await shot('4-buy', buy);
  });
}
