// Social login benchmark for `npm run bench`, through the demo dapp, the widget frame, the
// secure frame and the local OpenID provider of the stack (apps/oidc-provider):
// - social click → connected: from the click on Google in the secure frame until the dapp
//   shows the account: popup, authorization request, the provider's sign-in and consent
//   pages filled by Playwright, the API's code exchange, the session and the new wallet
//   in the secure frame; median of 10 (fresh browser context and fresh login each run).

import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, PARTITIONED_STORAGE_ARGS } from './chromium.mjs';

const RUNS = 10;

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** @param {number} ms */
const fmtMs = (ms) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

/**
 * One social login on a fresh context; resolves with the ms from the click to connected.
 * @param {import('playwright-core').Browser} browser
 * @param {{ dapp: string }} urls
 * @param {number} run
 */
async function socialLogin(browser, urls, run) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${urls.dapp}/`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const google = page
      .frameLocator('iframe[title="Airlock wallet widget"]')
      .frameLocator('iframe[data-testid="secure-frame"]')
      .getByRole('button', { name: 'Google', exact: true });
    await google.waitFor({ state: 'visible', timeout: 30_000 });
    const popupOpened = page.waitForEvent('popup');
    const t0 = Date.now();
    await google.click();
    const popup = await popupOpened;
    await popup.getByPlaceholder('Enter any login').fill(`bench-${run}-${Date.now().toString(36)}`);
    await popup.getByPlaceholder('and password').fill('local');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByTestId('dapp-account')
      .filter({ hasText: /^0x[0-9a-fA-F]{40}$/ })
      .waitFor({ timeout: 30_000 });
    return Date.now() - t0;
  } finally {
    await context.close();
  }
}

/**
 * Runs the social login benchmark, pushing a row (`[metric, value, notes]`), in a Chromium
 * of its own with storage partitioning on (the secure frame's IndexedDB).
 * @param {{ dapp: string }} urls
 * @param {Array<[string, string, string]>} rows
 * @param {(name: string, measure: () => Promise<void> | void) => Promise<void>} metric
 */
export async function socialBenchmarks(urls, rows, metric) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PARTITIONED_STORAGE_ARGS });
  try {
    await metric('social click → connected', async () => {
      const times = [];
      for (let run = 0; run < RUNS; run++) times.push(await socialLogin(browser, urls, run));
      rows.push([
        `social click (Google, local OpenID provider) → connected (median of ${RUNS})`,
        fmtMs(median(times)),
        `min ${fmtMs(Math.min(...times))}, max ${fmtMs(Math.max(...times))}; includes the scripted sign-in and consent in the popup`,
      ]);
    });
  } finally {
    await browser.close();
  }
}
