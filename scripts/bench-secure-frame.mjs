// The embedded wallet's secure frame in `npm run bench`: its JavaScript (gzip -9) and the time
// from loading the page that embeds it to its READY call. The login and signing timings come with
// the widget frame's embedded connector.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { frameJsAtStart } from './frame-size.mjs';
import { ROOT } from './stack.mjs';

const LOAD_RUNS = 10;

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Rows: the scripts apps/secure-frame/dist/index.html loads before READY (gzip -9), and all of its
 * JavaScript (the key, RPC and UI chunks load on first use).
 * @param {Array<[string, string, string]>} rows
 */
export function secureFrameSize(rows) {
  const dist = join(ROOT, 'apps/secure-frame/dist');
  const { eager } = frameJsAtStart(dist);
  rows.push([
    'secure frame JS before READY (embedded wallet)',
    `${eager.gzip.toLocaleString('en-US')} B gzip -9`,
    `${eager.files} file(s), ${eager.raw.toLocaleString('en-US')} B raw (penpal, protocol schemas, jose, device keys)`,
  ]);
  const files = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  const all = files.map((file) => readFileSync(join(dist, 'assets', file)));
  const gzip = all.reduce((sum, data) => sum + gzipSync(data, { level: 9 }).length, 0);
  const raw = all.reduce((sum, data) => sum + data.length, 0);
  rows.push([
    'secure frame JS in all (keys, RPC, UI on first use)',
    `${gzip.toLocaleString('en-US')} B gzip -9`,
    `${files.length} file(s), ${raw.toLocaleString('en-US')} B raw (viem accounts and clients, BIP-39, React)`,
  ]);
}

/**
 * Row: page navigation → the secure frame's READY (its deployment, device keys and penpal handshake
 * included), median of 10 fresh pages, through the e2e harness that plays the widget frame.
 * @param {import('playwright-core').Browser} browser
 * @param {{ frame: string }} urls
 * @param {Array<[string, string, string]>} rows
 */
export async function secureFrameLoad(browser, urls, rows) {
  const times = [];
  for (let i = 0; i < LOAD_RUNS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${urls.frame}/__e2e/embedded-harness.html`);
    await page.waitForFunction(() => /** @type {any} */ (window).harness?.ready, null, { timeout: 20_000 });
    times.push(
      await page.evaluate(async () => {
        await /** @type {any} */ (window).harness.ready;
        return performance.now();
      }),
    );
    await context.close();
  }
  const ms = median(times);
  rows.push([
    `secure frame load → READY (median of ${LOAD_RUNS})`,
    `${ms.toFixed(1)} ms`,
    'fresh context each; from navigation start of the embedding page',
  ]);
}
