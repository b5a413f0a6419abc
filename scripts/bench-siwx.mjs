// Sign in with a wallet (docs/siwx.md): connect → signed in with the demo's Dev Wallet
// (auto-approve), median of 10. Each run is a fresh browser context on the demo with `?siwx=1`:
// from the click on `Dev Wallet` in the widget to the demo's `dapp-siwx` showing `signed in`,
// the `Sign` click of SIWXSignMessage included (done as soon as the button shows). Covers the
// connection, the lazy sign-in chunk, the API's nonce, personal_sign and the API's verification.

/** Runs of the sign-in metric. */
export const SIWX_RUNS = 10;

/**
 * Adds the row `connect → signed in (Dev Wallet, median of 10)`.
 * @param {import('playwright-core').Browser} browser
 * @param {{ dapp: string }} urls
 * @param {string[][]} rows
 * @param {(name: string, run: () => Promise<void>) => Promise<void>} metric
 */
export async function siwxBenchmarks(browser, urls, rows, metric) {
  await metric('connect → signed in', async () => {
    /** @type {number[]} */
    const times = [];
    for (let i = 0; i < SIWX_RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${urls.dapp}/?autoApprove=1&siwx=1`);
      const frame = page.frameLocator('iframe[title="Airlock wallet widget"]');
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      const wallet = frame.getByRole('button', { name: 'Dev Wallet' });
      await wallet.waitFor({ timeout: 20_000 });
      const t0 = Date.now();
      await wallet.click();
      await frame.getByRole('button', { name: 'Sign', exact: true }).click({ timeout: 20_000 });
      await page.getByTestId('dapp-siwx').getByText('signed in', { exact: true }).waitFor({ timeout: 20_000 });
      times.push(Date.now() - t0);
      await context.close();
    }
    times.sort((a, b) => a - b);
    const median = (times[(times.length - 1) >> 1] + times[times.length >> 1]) / 2;
    rows.push([
      `connect → signed in, Dev Wallet auto-approve (median of ${SIWX_RUNS})`,
      `${median.toFixed(0)} ms`,
      `min ${times[0]} ms, max ${times[times.length - 1]} ms`,
    ]);
  });
}
