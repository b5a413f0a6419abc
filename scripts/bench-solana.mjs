// Solana rows of `npm run bench` (scripts/bench.mjs): on the demo page (`?autoApprove=1`), with the
// Dev Solana Wallet connected through the widget,
// - a read round trip: `getProvider('solana').connect()` while connected (the frame answers
//   `solana_requestAccounts` from its state) against the Dev Solana Wallet's own silent
//   `standard:connect`, median of 200 after a warm-up;
// - signMessage: through the widget (page → host → frame → host bridge → Dev Solana Wallet and
//   back) against the Dev Solana Wallet's `solana:signMessage` directly, median of 20.

const READ_RUNS = 200;
const SIGN_RUNS = 20;
const WARMUP = 10;

/** @param {number} ms */
const fmtMs = (ms) => `${ms.toFixed(ms < 1 ? 3 : ms < 10 ? 2 : 1)} ms`;

/**
 * In the page: times `runs` calls of the async function named by `kind` after `warmup` calls.
 * `via` is `widget` or `wallet`; `op` is `read` or `sign`.
 */
const loop = ({ via, op, runs, warmup }) =>
  (async () => {
    const w = /** @type {any} */ (window);
    const wallets = [];
    const api = { register: (...list) => (wallets.push(...list), () => {}) };
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
    const dev = wallets.find((x) => x.name === 'Dev Solana Wallet');
    const provider = w.__airlockDemoWidget.getProvider('solana');
    const message = new TextEncoder().encode('bench');
    const call =
      via === 'widget'
        ? op === 'read'
          ? () => provider.connect()
          : () => provider.signMessage(message)
        : op === 'read'
          ? () => dev.features['standard:connect'].connect({ silent: true })
          : () => dev.features['solana:signMessage'].signMessage({ account: dev.accounts[0], message });
    for (let i = 0; i < warmup; i += 1) await call();
    const times = [];
    for (let i = 0; i < runs; i += 1) {
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const mid = Math.floor(times.length / 2);
    return {
      median: times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2,
      mean: times.reduce((a, b) => a + b, 0) / times.length,
      p95: times[Math.floor(times.length * 0.95)],
    };
  })();

/**
 * Adds the Solana rows.
 * @param {import('playwright-core').Browser} browser
 * @param {{ dapp: string }} urls
 * @param {Array<[string, string, string]>} rows
 * @param {(name: string, run: () => Promise<void>) => Promise<void>} metric
 */
export async function solanaWidgetBenchmarks(browser, urls, rows, metric) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await metric('solana: connect the Dev Solana Wallet', async () => {
      await page.goto(`${urls.dapp}/?autoApprove=1`);
      await page.getByRole('button', { name: 'Connect Solana' }).click();
      await page
        .frameLocator('iframe[title="Airlock wallet widget"]')
        .getByRole('button', { name: 'Dev Solana Wallet' })
        .click();
      await page
        .getByTestId('dapp-solana-account')
        .filter({ hasNotText: 'Not connected' })
        .waitFor({ timeout: 15_000 });
    });
    for (const [op, runs, label] of /** @type {const} */ ([
      ['read', READ_RUNS, 'solana read (connect() while connected)'],
      ['sign', SIGN_RUNS, 'solana signMessage'],
    ])) {
      for (const via of /** @type {const} */ (['widget', 'wallet'])) {
        await metric(`${label} via ${via}`, async () => {
          const r = await page.evaluate(loop, { via, op, runs, warmup: op === 'read' ? WARMUP : 2 });
          rows.push([
            `${label} via ${via === 'widget' ? 'the widget' : 'the Dev Solana Wallet directly'} (median of ${runs})`,
            fmtMs(r.median),
            `mean ${fmtMs(r.mean)}, p95 ${fmtMs(r.p95)}`,
          ]);
        });
      }
    }
  } finally {
    await context.close();
  }
}
