// Embedded-wallet benchmarks for `npm run bench`, through the demo dapp, the widget frame
// and the secure frame of the e2e stack, with the codes read from the mail catcher's JSON inbox:
// - email code submitted → connected: from the sixth digit typed until the dapp shows the
//   account (code check on the API, session, key rebuild in the secure frame), median of 10
//   (fresh browser context and fresh email each run);
// - personal_sign through the embedded wallet: `Sign message` in the dapp until the dapp
//   shows `valid`, including the secure frame's approval as a visitor gives it: "Review in
//   secure window" (enabled after 500 ms of continuous visibility), the approval window on the
//   secure frame's origin opening, and its Approve (enabled after 500 ms of focus), with
//   Playwright's clicks, median of 20 on one session.

import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, PARTITIONED_STORAGE_ARGS } from './chromium.mjs';

const LOGIN_RUNS = 10;

const SIGN_RUNS = 20;

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** @param {number} ms */
const fmtMs = (ms) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

/** @param {import('playwright-core').Page} page */
const frameOf = (page) => page.frameLocator('iframe[title="Airlock wallet widget"]');

/**
 * The newest 6-digit code mailed to `email` (polls the mail catcher for up to 20 s).
 * @param {string} mailWeb
 * @param {string} email
 */
async function codeFor(mailWeb, email) {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const response = await fetch(`${mailWeb}/api/messages?to=${encodeURIComponent(email)}`);
    const body = await response.json();
    const list = Array.isArray(body) ? body : body.messages;
    const code = list.find((/** @type {{ code: string | null }} */ m) => m.code)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email} within 20 s`);
}

/**
 * Logs in by email on a fresh page; resolves with the page and the ms from the last digit to connected.
 * @param {import('playwright-core').BrowserContext} context
 * @param {{ dapp: string, mailWeb: string }} urls
 * @param {number | string} run a tag for the email address
 */
export async function login(context, urls, run) {
  const page = await context.newPage();
  await page.goto(`${urls.dapp}/`);
  const email = `bench-${run}-${Date.now().toString(36)}@example.com`;
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await frameOf(page).getByPlaceholder('Email').fill(email);
  await frameOf(page).getByRole('button', { name: 'Continue' }).click();
  const code = await codeFor(urls.mailWeb, email);
  await frameOf(page).getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code.slice(0, 5));
  const account = page.getByTestId('dapp-account');
  const t0 = Date.now();
  await page.keyboard.type(code.slice(5));
  await account.filter({ hasText: /^0x[0-9a-fA-F]{40}$/ }).waitFor({ timeout: 30_000 });
  return { page, ms: Date.now() - t0 };
}

/**
 * Runs the embedded-wallet benchmarks, pushing rows (`[metric, value, notes]`), in a
 * Chromium of its own with storage partitioning on (`PARTITIONED_STORAGE_ARGS` of scripts/chromium.mjs: Playwright's defaults deny the secure frame, a third-party frame, its IndexedDB).
 * @param {{ dapp: string, mailWeb: string }} urls
 * @param {Array<[string, string, string]>} rows
 * @param {(name: string, measure: () => Promise<void> | void) => Promise<void>} metric
 */
export async function embeddedBenchmarks(urls, rows, metric) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PARTITIONED_STORAGE_ARGS });
  try {
    await measure(browser, urls, rows, metric);
  } finally {
    await browser.close();
  }
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ dapp: string, mailWeb: string }} urls
 * @param {Array<[string, string, string]>} rows
 * @param {(name: string, measure: () => Promise<void> | void) => Promise<void>} metric
 */
async function measure(browser, urls, rows, metric) {
  /** @type {import('playwright-core').Page | null} */
  let session = null;
  /** @type {import('playwright-core').BrowserContext | null} */
  let kept = null;
  await metric('email code submitted → connected', async () => {
    const times = [];
    for (let run = 0; run < LOGIN_RUNS; run++) {
      const context = await browser.newContext();
      const { page, ms } = await login(context, urls, run);
      times.push(ms);
      if (run === LOGIN_RUNS - 1) {
        kept = context;
        session = page;
      } else await context.close();
    }
    rows.push([
      `email code submitted → connected (median of ${LOGIN_RUNS})`,
      fmtMs(median(times)),
      `min ${fmtMs(Math.min(...times))}, max ${fmtMs(Math.max(...times))}`,
    ]);
  });
  await metric('personal_sign through the embedded wallet', async () => {
    const page = session;
    if (!page) throw new Error('no embedded session (the login benchmark failed)');
    await frameOf(page)
      .getByRole('button', { name: 'Close' })
      .click()
      .catch(() => {});
    const times = [];
    for (let run = 0; run < SIGN_RUNS; run++) {
      const signature = page.getByTestId('dapp-signature');
      const t0 = Date.now();
      await page.getByRole('button', { name: 'Sign message' }).click();
      const review = frameOf(page).frameLocator('iframe[data-testid="secure-frame"]').getByTestId('review');
      const [popup] = await Promise.all([
        page.context().waitForEvent('page', { timeout: 15_000 }),
        review.click({ timeout: 15_000 }),
      ]);
      await popup.getByTestId('approve').click({ timeout: 15_000 });
      await signature.filter({ hasText: /^valid$/ }).waitFor({ timeout: 15_000 });
      times.push(Date.now() - t0);
      await page.evaluate(() => {
        const el = document.querySelector('[data-testid="dapp-signature"]');
        if (el) el.textContent = '';
      });
    }
    rows.push([
      `personal_sign via embedded wallet, with approval (median of ${SIGN_RUNS})`,
      fmtMs(median(times)),
      'Review (after the 500 ms visibility gate), the approval window, its Approve (after 500 ms of focus); two clicks',
    ]);
  });
  await /** @type {import('playwright-core').BrowserContext | null} */ (kept)?.close();
}
