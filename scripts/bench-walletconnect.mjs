// WalletConnect benchmarks for `npm run bench`, driven through the demo dapp,
// the frame and the Dev Wallet (apps/dev-wallet) over the local relay of the e2e stack:
// - connect() → URI shown: click on `WalletConnect` until the QR view exposes the `wc:` URI
//   (fresh browser context each run: chunk load + UniversalProvider init + relay connect), median of 5;
// - pairing → session: `Pair` in the Dev Wallet until the dapp shows the account
//   (includes Playwright clicking `Approve` in the proposal dialog), median of 10;
// - personal_sign round trip: `Sign message` in the dapp until the dapp shows `valid`
//   (includes Playwright clicking `Approve` in the wallet), median of 20 on one session;
// - one-click sign-in: click on `WalletConnect` until the dapp shows `signed in` (sign-in on,
//   `wc_sessionAuthenticate`; includes pasting the URI and clicking `Approve` in the Dev Wallet's
//   `Sign-in request` dialog), fresh context each run, median of 5.

const URI_RUNS = 5;
const PAIR_RUNS = 10;
const SIGN_RUNS = 20;
const ONE_CLICK_RUNS = 5;

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
 * Opens the demo, clicks `Open widget` → `WalletConnect` and waits for the URI.
 * @param {import('playwright-core').BrowserContext} context
 * @param {{ dapp: string }} urls
 * @returns {Promise<{ page: import('playwright-core').Page, uri: string, ms: number }>}
 */
async function uriShown(context, urls) {
  const page = await context.newPage();
  await page.goto(`${urls.dapp}/`);
  await page.getByRole('button', { name: 'Open widget' }).click();
  const entry = frameOf(page).getByRole('button', { name: 'WalletConnect' });
  await entry.waitFor();
  const t0 = Date.now();
  await entry.click();
  const node = frameOf(page).getByTestId('wc-uri');
  await node.waitFor({ state: 'attached', timeout: 30_000 });
  const ms = Date.now() - t0;
  return { page, uri: ((await node.textContent()) ?? '').trim(), ms };
}

/**
 * Pairs the Dev Wallet with `uri`; resolves with ms from `Pair` to the dapp showing the account.
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('playwright-core').Page} page
 * @param {string} uri
 * @param {{ devWallet: string }} urls
 */
async function pair(context, page, uri, urls) {
  const wallet = await context.newPage();
  await wallet.goto(`${urls.devWallet}/`);
  await wallet.getByTestId('wallet-uri-input').fill(uri);
  const t0 = Date.now();
  await wallet.getByRole('button', { name: 'Pair' }).click();
  await wallet.getByRole('dialog', { name: 'Session proposal' }).getByRole('button', { name: 'Approve' }).click();
  await page.bringToFront(); // the person looks back at the dapp
  await page.getByTestId('dapp-account').filter({ hasText: /^0x/ }).waitFor({ timeout: 30_000 });
  return { wallet, ms: Date.now() - t0 };
}

/**
 * One WalletConnect one-click sign-in in a fresh page of `context`: ms from the click on
 * `WalletConnect` to the dapp showing `signed in` (URI, pairing, the wallet's single
 * approval, the CACAO verified by the API).
 * @param {import('playwright-core').BrowserContext} context
 * @param {{ dapp: string, devWallet: string }} urls
 */
async function oneClickSignIn(context, urls) {
  const wallet = await context.newPage();
  await wallet.goto(`${urls.devWallet}/`);
  await wallet.getByTestId('wallet-status').filter({ hasText: 'Ready' }).waitFor({ timeout: 30_000 });
  const page = await context.newPage();
  await page.goto(`${urls.dapp}/?siwx=1`);
  await page.getByRole('button', { name: 'Open widget' }).click();
  const entry = frameOf(page).getByRole('button', { name: 'WalletConnect' });
  await entry.waitFor();
  const t0 = Date.now();
  await entry.click();
  const node = frameOf(page).getByTestId('wc-uri');
  await node.waitFor({ state: 'attached', timeout: 30_000 });
  await wallet.bringToFront();
  await wallet.getByTestId('wallet-uri-input').fill(((await node.textContent()) ?? '').trim());
  await wallet.getByRole('button', { name: 'Pair' }).click();
  await wallet.getByRole('dialog', { name: 'Sign-in request' }).getByRole('button', { name: 'Approve' }).click();
  await page.bringToFront();
  await page.getByTestId('dapp-siwx').filter({ hasText: 'signed in' }).waitFor({ timeout: 30_000 });
  return Date.now() - t0;
}

/**
 * Adds the WalletConnect rows to `rows`.
 * @param {import('playwright-core').Browser} browser
 * @param {{ dapp: string, devWallet: string }} urls
 * @param {Array<[string, string, string]>} rows
 * @param {(name: string, measure: () => Promise<void>) => Promise<void>} metric
 */
export async function walletConnectBenchmarks(browser, urls, rows, metric) {
  await metric('connect() → URI shown', async () => {
    const times = [];
    for (let i = 0; i < URI_RUNS; i++) {
      const context = await browser.newContext();
      times.push((await uriShown(context, urls)).ms);
      await context.close();
    }
    rows.push([
      `WalletConnect: click → URI shown (median of ${URI_RUNS}, cold)`,
      fmtMs(median(times)),
      `min ${fmtMs(Math.min(...times))}, max ${fmtMs(Math.max(...times))}`,
    ]);
  });

  await metric('pairing → session', async () => {
    const times = [];
    for (let i = 0; i < PAIR_RUNS; i++) {
      const context = await browser.newContext();
      const { page, uri } = await uriShown(context, urls);
      times.push((await pair(context, page, uri, urls)).ms);
      await context.close();
    }
    rows.push([
      `WalletConnect: Pair → session in dapp (median of ${PAIR_RUNS})`,
      fmtMs(median(times)),
      `min ${fmtMs(Math.min(...times))}, max ${fmtMs(Math.max(...times))}; includes clicking Approve`,
    ]);
  });

  await metric('personal_sign via relay', async () => {
    const context = await browser.newContext();
    const { page, uri } = await uriShown(context, urls);
    const { wallet } = await pair(context, page, uri, urls);
    const times = [];
    for (let i = 0; i < SIGN_RUNS; i++) {
      // As a person does: the dapp in front to click, the wallet in front to approve.
      // (A background tab has its timers clamped to 1 s in Chromium, which would add
      // about 1 s per hop; flags do not lift that in this headless mode.)
      await page.bringToFront();
      const t0 = Date.now();
      await page.getByRole('button', { name: 'Sign message' }).click();
      const dialog = wallet.getByRole('dialog', { name: 'Request' });
      await dialog.waitFor();
      await wallet.bringToFront();
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await page.bringToFront();
      await page.getByTestId('dapp-signature').filter({ hasText: 'valid' }).waitFor({ timeout: 30_000 });
      times.push(Date.now() - t0);
      await dialog.waitFor({ state: 'hidden' });
    }
    await context.close();
    rows.push([
      `WalletConnect: personal_sign round trip (median of ${SIGN_RUNS})`,
      fmtMs(median(times)),
      `min ${fmtMs(Math.min(...times))}, max ${fmtMs(Math.max(...times))}; includes clicking Approve`,
    ]);
  });

  await metric('one-click sign-in', async () => {
    const times = [];
    for (let i = 0; i < ONE_CLICK_RUNS; i++) {
      const context = await browser.newContext();
      times.push(await oneClickSignIn(context, urls));
      await context.close();
    }
    rows.push([
      `WalletConnect one-click sign-in: click → signed in (median of ${ONE_CLICK_RUNS})`,
      fmtMs(median(times)),
      `min ${fmtMs(Math.min(...times))}, max ${fmtMs(Math.max(...times))}; includes pasting the URI and clicking Approve once`,
    ]);
  });
}
