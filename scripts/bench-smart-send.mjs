// Smart-account sends through the whole widget, for `npm run bench` (and `--embedded`): the dapp's
// eth_sendTransaction → the widget's approval → the secure frame's "Review in secure window" → Approve in
// its window → the transaction hash back in the dapp → the receipt on anvil A, as a visitor gives it
// (two clicks, each behind its 500 ms gate). Three ways, each on its own email login and browser context:
// - smart account, sponsored: the secure frame's deployment gives anvil A a Safe (as e2e/embedded-smart-
//   account.spec.ts does), the dev project's policy sponsors it (apps/api/seed/dev.json);
// - smart account, not sponsored: the same, with the API's paymaster answer replaced by the refusal the API
//   gives when a project's policy is off (ERC-7677 error, code and reason of apps/api/src/sponsorship), so
//   the account pays: a bench stand-in for `sponsorship set --enabled false`, which cannot run beside the
//   stack's PGlite;
// - the EOA: the e2e stack's own deployment (no smart accounts), the transaction sent through the API.
// Each is the median of SEND_RUNS sends of 0.001 ETH in one session; the first send of a smart account also
// deploys it (in the max). Needs Alto on anvil A: started here when the stack runs none.

import { chromium } from 'playwright-core';
import { createPublicClient, http } from 'viem';
import { anvil } from 'viem/chains';
import { login } from './bench-embedded.mjs';
import { startBundlerProcess } from './bundler.mjs';
import { CHROMIUM_PATH, PARTITIONED_STORAGE_ARGS } from './chromium.mjs';
import { secureFrameDeployment, stackPorts } from './ports.mjs';
import { rpc } from './rpc.mjs';

const SEND_RUNS = 5;
const DEAD = '0x000000000000000000000000000000000000dEaD';
/** The API's ERC-7677 refusal when a project's sponsorship is off (apps/api/src/sponsorship/erc7677.ts). */
const SPONSORSHIP_OFF = { code: -32011, message: 'Sponsorship is off for this project' };

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
 * Whether something answers JSON-RPC at `url`.
 * @param {string} url
 */
const answers = (url) =>
  rpc(url, 'eth_chainId').then(
    () => true,
    () => false,
  );

/**
 * One session: a context (with the deployment and paymaster routes of `way`), an email login, the
 * account funded with 1 ETH; then SEND_RUNS sends measured from the dapp's call to the receipt.
 * @param {import('playwright-core').Browser} browser
 * @param {{ dapp: string, mailWeb: string, secureFrame: string, rpcA: string }} urls
 * @param {'sponsored' | 'unsponsored' | 'eoa'} way
 * @returns {Promise<number[]>} ms per send
 */
async function sends(browser, urls, way) {
  const context = await browser.newContext();
  try {
    if (way !== 'eoa') {
      const deployment = { ...secureFrameDeployment('e2e'), smartAccounts: { 'eip155:31337': 'safe' } };
      await context.route(`${urls.secureFrame}/deployment.json`, (route) =>
        route.fulfill({ json: deployment, headers: { 'cache-control': 'no-store' } }),
      );
    }
    let refused = 0;
    if (way === 'unsponsored') {
      await context.route('**/v1/bundler?*', async (route) => {
        const body = route.request().postDataJSON();
        if (typeof body?.method !== 'string' || !body.method.startsWith('pm_')) return route.continue();
        refused++;
        await route.fulfill({ json: { jsonrpc: '2.0', id: body.id, error: SPONSORSHIP_OFF } });
      });
    }
    const { page } = await login(context, urls, `smart-${way}`);
    const address = /** @type {`0x${string}` | undefined} */ (
      (await page.getByTestId('dapp-account').textContent())?.trim()
    );
    if (!address) throw new Error('no account after the login');
    await rpc(urls.rpcA, 'anvil_setBalance', [address, '0xde0b6b3a7640000']);
    await frameOf(page)
      .getByRole('button', { name: 'Close' })
      .click({ timeout: 2_000 })
      .catch(() => {});
    const chain = createPublicClient({ chain: anvil, transport: http(urls.rpcA), pollingInterval: 100 });
    const times = [];
    for (let run = 0; run < SEND_RUNS; run++) {
      const t0 = Date.now();
      const sent = page.evaluate(
        ([from, to]) =>
          /** @type {any} */ (window).__airlockDemoWidget
            .getProvider('eip155')
            .request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x38d7ea4c68000' }] }),
        [address, DEAD],
      );
      const review = frameOf(page).frameLocator('iframe[data-testid="secure-frame"]').getByTestId('review');
      const [popup] = await Promise.all([
        context.waitForEvent('page', { timeout: 30_000 }),
        review.click({ timeout: 30_000 }),
      ]);
      await popup.getByTestId('approve').click({ timeout: 15_000 });
      const hash = await sent;
      const receipt = await chain.waitForTransactionReceipt({ hash, timeout: 30_000 });
      if (receipt.status !== 'success') throw new Error(`send ${run + 1} (${way}) reverted`);
      times.push(Date.now() - t0);
    }
    // Who paid: sponsored, the account lost exactly what it sent; otherwise the gas as well.
    const sent = BigInt(SEND_RUNS) * 1_000_000_000_000_000n;
    const spent = 1_000_000_000_000_000_000n - (await chain.getBalance({ address }));
    if (way === 'sponsored' ? spent !== sent : spent <= sent)
      throw new Error(`${way}: the account spent ${spent} wei for ${sent} wei sent`);
    if (way === 'unsponsored' && refused === 0) throw new Error('unsponsored: the paymaster was never asked');
    return times;
  } finally {
    await context.close();
  }
}

/**
 * The three rows (`[metric, value, notes]`): a send from a smart account through the widget, sponsored and
 * not, beside the same send from the EOA.
 * @param {{ dapp: string, mailWeb: string, secureFrame: string, rpcA: string }} urls the e2e stack's
 * @param {Array<[string, string, string]>} rows
 * @param {(name: string, measure: () => Promise<void> | void) => Promise<void>} metric
 */
export async function smartSendBenchmarks(urls, rows, metric) {
  const ports = stackPorts('e2e');
  const bundlerUrl = `http://127.0.0.1:${ports.bundlerA}`;
  const bundler = (await answers(bundlerUrl))
    ? null
    : await startBundlerProcess({ port: ports.bundlerA, rpcUrl: urls.rpcA, quiet: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PARTITIONED_STORAGE_ARGS });
  try {
    /** @type {Array<['sponsored' | 'unsponsored' | 'eoa', string]>} */
    const ways = [
      ['sponsored', 'smart account (Safe), sponsored by the operator’s paymaster'],
      ['unsponsored', 'smart account (Safe), the account pays'],
      ['eoa', 'the EOA (a transaction, no bundler)'],
    ];
    for (const [way, what] of ways) {
      await metric(`send through the widget: ${what}`, async () => {
        const times = await sends(browser, urls, way);
        rows.push([
          `send 0.001 ETH through the widget, ${what}: dapp call → receipt (median of ${SEND_RUNS})`,
          fmtMs(median(times)),
          `first ${fmtMs(times[0])}${way === 'eoa' ? '' : ' (deploys the account)'}, max ${fmtMs(Math.max(...times))}; two clicks behind 500 ms gates`,
        ]);
      });
    }
  } finally {
    await browser.close();
    await bundler?.stop();
  }
}
