// Swap benchmark (part of `npm run bench`; also runs alone: `node scripts/bench-swap.mjs`, which starts the e2e stack):
// click Swap → mined, ETH → DEV on the dev exchange through the Dev Wallet (auto-approve), median of 10.
// The quote latency under load is in scripts/bench-api.mjs ('API swap quote p50 / p99').

import { pathToFileURL } from 'node:url';

/** Swaps timed. */
const RUNS = 10;

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Times `Swap` clicks until the view says 'Swap complete' (wallet request, build, mining, receipt).
 * @param {import('playwright-core').Browser} browser
 * @param {{ dapp: string }} urls
 * @param {[string, string, string][]} rows
 * @param {(name: string, measure: () => Promise<void>) => Promise<void>} metric
 */
export async function swapBenchmark(browser, urls, rows, metric) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await metric('click Swap → mined', async () => {
      await page.goto(`${urls.dapp}/?autoApprove=1`);
      const frame = page.frameLocator('iframe[title="Airlock wallet widget"]');
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await frame.getByRole('button', { name: 'Dev Wallet' }).click({ timeout: 15_000 });
      await page.getByTestId('dapp-account').filter({ hasText: /^0x/ }).waitFor({ timeout: 15_000 });
      const open = frame.getByRole('dialog', { name: 'Account' });
      if (!(await open.isVisible())) await page.getByRole('button', { name: 'Open widget' }).click();
      await frame.getByRole('button', { name: 'Swap', exact: true }).click({ timeout: 15_000 });
      const swap = frame.getByRole('dialog', { name: 'Swap' });
      await swap.getByLabel('To token').selectOption({ label: 'DEV' }, { timeout: 15_000 });
      /** @type {number[]} */
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        await swap.getByLabel('Amount').fill(`0.0${i + 1}`);
        await swap.getByTestId('swap-to-amount').filter({ hasText: /DEV$/ }).waitFor({ timeout: 15_000 });
        const start = Date.now();
        await swap.getByRole('button', { name: 'Swap', exact: true }).click();
        await swap.getByTestId('swap-step').filter({ hasText: 'Swap complete' }).waitFor({ timeout: 30_000 });
        times.push(Date.now() - start);
      }
      rows.push([
        `click Swap → mined (median of ${RUNS})`,
        `${median(times)} ms`,
        'ETH → DEV on the anvil Uniswap v2, Dev Wallet auto-approve: build-transaction, wallet, mining, receipt',
      ]);
    });
  } finally {
    await context.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { chromium } = await import('playwright-core');
  const { startStack } = await import('./stack.mjs');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('./chromium.mjs');
  const { createMetric, printTable } = await import('./bench-table.mjs');
  /** @type {[string, string, string][]} */
  const rows = [];
  const stack = await startStack({ mode: 'e2e', log: () => {} });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await swapBenchmark(browser, stack.urls, rows, createMetric(rows));
  } finally {
    await browser.close();
    await stack.stop();
  }
  printTable(rows);
  process.exit(0);
}
