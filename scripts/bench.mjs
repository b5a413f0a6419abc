// `npm run bench`: sizes and timings of the widget (timings live here,
// not in tests). Starts the stack in 'e2e' mode, drives Debian Chromium with
// playwright-core, prints a table and exits 0 (a metric that cannot be measured
// prints its error instead of a number).
//
// - host script: apps/host-sdk/dist/airlock.js and index.js, raw bytes and gzip -9;
// - frame initial JS: gzip -9 sum of the scripts apps/frame/dist/index.html loads
//   eagerly (<script src> and <link rel="modulepreload">), and apart the UI chunks the
//   entry imports after the first state (scripts/frame-size.mjs);
// - `--widget`: only the widget rows (sizes, first state, open), for quick comparisons;
// - page load event: the page's loadEventStart with createWidget called during page load
//   against the same page without it, alternating (fresh context each);
// - createWidget → first state: in the page, performance.now() around createWidget
//   until widget.getState() returns a state (fresh browser context each run), and the time
//   the createWidget() call itself takes on the page's thread;
// - open() → modal painted: open() until the host shows the overlay AND the frame has
//   painted a frame with its role="dialog" (the animation frame after it appears, then the
//   next task; clocks aligned with performance.timeOrigin); median of 20, each followed by
//   close(); beside it the plain-page floor: an inline element shown the same way;
// - eth_chainId round trip: through the widget's EIP-1193 provider vs the Dev Wallet
//   provider directly (EIP-6963), median of 200 each after a warm-up (the page's
//   performance.now() is coarsened to 0.1 ms, so the notes add the mean of the loop).
// - embedded wallet (scripts/bench-embedded.mjs): email code submitted → connected (median of
//   10), personal_sign with the secure frame's approval (median of 20);
// - provider API (scripts/bench-api.mjs): indexer blocks per second, balance and history
//   latency p50/p99 under autocannon load (10 connections, 10 s) on PGlite and PostgreSQL.

import { createMetric, printTable } from './bench-table.mjs';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { apiBenchmarks } from './bench-api.mjs';
import { frameJsAtStart } from './frame-size.mjs';
import { ROOT, startStack } from './stack.mjs';
import { walletConnectBenchmarks } from './bench-walletconnect.mjs';
import { secureFrameLoad, secureFrameSize } from './bench-secure-frame.mjs';

const READY_RUNS = 10;
const OPEN_RUNS = 20;
const RPC_RUNS = 200;
const RPC_WARMUP = 10;

/** @type {Array<[string, string, string]>} metric, value, note */
const rows = [];

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** @param {number} ms */
const fmtMs = (ms) => `${ms.toFixed(ms < 1 ? 3 : ms < 10 ? 2 : 1)} ms`;
/** @param {number} bytes */
const fmtBytes = (bytes) => `${bytes.toLocaleString('en-US')} B`;
/** @param {Uint8Array | string} data */
const gzip9 = (data) => gzipSync(data, { level: 9 }).length;

/** Runs one metric; on error records the message instead of a value. */
const metric = createMetric(rows);

function hostSizes() {
  for (const file of ['airlock.js', 'index.js']) {
    const path = join(ROOT, 'apps/host-sdk/dist', file);
    if (!existsSync(path)) throw new Error(`${path} missing`);
    const data = readFileSync(path);
    rows.push([
      `host ${file} (${file === 'airlock.js' ? 'classic script' : 'ESM'})`,
      `${fmtBytes(gzip9(data))} gzip -9`,
      `${fmtBytes(data.length)} raw`,
    ]);
  }
}

/** Scripts apps/frame/dist/index.html loads before anything else happens, and the UI chunk the entry imports after the first state. */
function frameInitialJs() {
  const { eager, startChunks } = frameJsAtStart(join(ROOT, 'apps/frame/dist'));
  rows.push([
    'frame initial JS (eager scripts of index.html)',
    `${fmtBytes(eager.gzip)} gzip -9`,
    `${eager.files} file(s), ${fmtBytes(eager.raw)} raw`,
  ]);
  rows.push([
    'frame UI chunks (React, views: loaded after the first state)',
    `${fmtBytes(startChunks.gzip)} gzip -9`,
    `${startChunks.files} file(s), ${fmtBytes(startChunks.raw)} raw`,
  ]);
}

/** In-page: create the widget, resolve with ms until getState() has a state. Keeps it as window.__benchWidget. */
const createAndWaitForState = `(async () => {
  const config = window.AIRLOCK_DEMO_CONFIG;
  const t0 = performance.now();
  const widget = window.Airlock.createWidget({ projectId: config.projectId, networks: config.networks, frameUrl: config.frameUrl });
  const sync = performance.now() - t0;
  window.__benchWidget = widget;
  const yieldOnce = () => new Promise((resolve) => { const channel = new MessageChannel(); channel.port1.onmessage = resolve; channel.port2.postMessage(0); });
  const deadline = t0 + 30000;
  while (widget.getState() === undefined) {
    if (performance.now() > deadline) throw new Error('no state after 30 s');
    await yieldOnce();
  }
  return [performance.now() - t0, sync];
})()`;

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} benchPage
 */
async function readyTimes(browser, benchPage) {
  const times = [];
  const syncTimes = [];
  for (let run = 0; run < READY_RUNS; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(benchPage);
    const [ready, sync] = /** @type {[number, number]} */ (await page.evaluate(createAndWaitForState));
    times.push(ready);
    syncTimes.push(sync);
    await context.close();
  }
  rows.push([
    `createWidget() call on the page's thread (median of ${READY_RUNS})`,
    fmtMs(median(syncTimes)),
    `max ${fmtMs(Math.max(...syncTimes))}`,
  ]);
  rows.push([
    `createWidget → first state (median of ${READY_RUNS})`,
    fmtMs(median(times)),
    `first (cold) ${fmtMs(times[0])}, min ${fmtMs(Math.min(...times))}, max ${fmtMs(Math.max(...times))}`,
  ]);
}

/**
 * @param {import('playwright-core').Page} page a bench page with window.__benchWidget ready
 * @param {string} frameOrigin
 */
async function openTimes(page, frameOrigin) {
  const frame = page.frames().find((f) => f.url().startsWith(frameOrigin));
  if (!frame) throw new Error('widget frame not found');
  const times = [];
  for (let run = 0; run < OPEN_RUNS; run += 1) {
    // Arm a watcher in the frame: absolute time when a role="dialog" is in its document.
    await frame.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.__benchDialogAt = new Promise((resolve) => {
        // Painted: the first animation frame with the dialog in the document, then the task after it.
        const painted = () => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.timeOrigin + performance.now());
          channel.port2.postMessage(0);
        };
        const check = () => {
          if (document.querySelector('[role="dialog"]')) requestAnimationFrame(painted);
          else {
            const channel = new MessageChannel();
            channel.port1.onmessage = check;
            channel.port2.postMessage(0);
          }
        };
        check();
      });
    });
    const overlay = await page.evaluate(async () => {
      const w = /** @type {any} */ (window);
      const iframe = /** @type {HTMLIFrameElement} */ (document.querySelector('iframe[title="Airlock wallet widget"]'));
      const yieldOnce = () =>
        new Promise((resolve) => {
          const c = new MessageChannel();
          c.port1.onmessage = resolve;
          c.port2.postMessage(0);
        });
      const start = performance.timeOrigin + performance.now();
      w.__benchOpened = w.__benchWidget.open().catch(() => null);
      while (iframe.inert || iframe.style.display === 'none') await yieldOnce();
      return { start, shown: performance.timeOrigin + performance.now() };
    });
    const dialogAt = /** @type {number} */ (await frame.evaluate(() => /** @type {any} */ (window).__benchDialogAt));
    times.push(Math.max(overlay.shown, dialogAt) - overlay.start);
    await page.evaluate(async () => {
      const w = /** @type {any} */ (window);
      const iframe = /** @type {HTMLIFrameElement} */ (document.querySelector('iframe[title="Airlock wallet widget"]'));
      await w.__benchWidget.close();
      await w.__benchOpened;
      while (!iframe.inert && iframe.style.display !== 'none') await new Promise((resolve) => setTimeout(resolve, 5));
    });
  }
  rows.push([
    `open() → modal painted (median of ${OPEN_RUNS})`,
    fmtMs(median(times)),
    `min ${fmtMs(Math.min(...times))}, max ${fmtMs(Math.max(...times))}`,
  ]);
}

/**
 * The plain-page floor of "open": an inline fixed element shown from `display: none`, until
 * the animation frame after it and the next task (median of OPEN_RUNS).
 * @param {import('playwright-core').Page} page
 */
async function plainFloor(page) {
  const times = [];
  for (let run = 0; run < OPEN_RUNS; run += 1) {
    times.push(
      /** @type {number} */ (
        await page.evaluate(
          () =>
            new Promise((resolve) => {
              const box = document.createElement('div');
              box.style.cssText = 'position:fixed;inset:20%;background:#fff;display:none';
              box.textContent = 'Connect Wallet';
              document.body.append(box);
              setTimeout(() => {
                const start = performance.now();
                box.style.display = 'block';
                requestAnimationFrame(() => {
                  const channel = new MessageChannel();
                  channel.port1.onmessage = () => {
                    resolve(performance.now() - start);
                    box.remove();
                  };
                  channel.port2.postMessage(0);
                });
              }, 0);
            }),
        )
      ),
    );
  }
  rows.push([
    `plain page: inline element shown → painted (median of ${OPEN_RUNS})`,
    fmtMs(median(times)),
    'the floor for open() → modal painted',
  ]);
}

const LOAD_RUNS = 8;

/**
 * The page's `load` event with the widget created during page load against the same page
 * without the createWidget call (both load the host script), alternating, fresh context each.
 * The pages are served by routing two fixture URLs of the dapp origin.
 * @param {import('playwright-core').Browser} browser
 * @param {string} dapp the dapp origin
 */
async function pageLoadTimes(browser, dapp) {
  const html = (/** @type {boolean} */ widget) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>load</title></head><body><h1>Dapp</h1>` +
    `<script src="/demo-config.js"></script><script src="/airlock.js"></script>` +
    (widget
      ? '<script>var c = window.AIRLOCK_DEMO_CONFIG; window.w = window.Airlock.createWidget({ projectId: c.projectId, networks: c.networks, frameUrl: c.frameUrl });</script>'
      : '') +
    '</body></html>';
  /** @type {Record<string, number[]>} */
  const times = { with: [], without: [] };
  for (let run = 0; run < LOAD_RUNS * 2; run += 1) {
    const kind = run % 2 === 0 ? 'with' : 'without';
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(`${dapp}/__bench-load.html`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: html(kind === 'with') }),
    );
    await page.goto(`${dapp}/__bench-load.html`);
    times[kind].push(
      /** @type {number} */ (
        await page.evaluate(
          () =>
            /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]).loadEventStart,
        )
      ),
    );
    await context.close();
  }
  const withWidget = median(times.with);
  const without = median(times.without);
  rows.push([
    `page load event with the widget (median of ${LOAD_RUNS})`,
    fmtMs(withWidget),
    `without: ${fmtMs(without)}, ratio ${(withWidget / without).toFixed(2)}`,
  ]);
}

/** In-page: median ms of `eth_chainId` on `provider`, after a warm-up. */
const chainIdLoop = (/** @type {string} */ providerExpression) => `(async () => {
  const provider = await (${providerExpression});
  for (let i = 0; i < ${RPC_WARMUP}; i += 1) await provider.request({ method: 'eth_chainId' });
  const times = [];
  let answer;
  const start = performance.now();
  for (let i = 0; i < ${RPC_RUNS}; i += 1) {
    const t0 = performance.now();
    answer = await provider.request({ method: 'eth_chainId' });
    times.push(performance.now() - t0);
  }
  const mean = (performance.now() - start) / ${RPC_RUNS};
  times.sort((a, b) => a - b);
  return { mean, median: (times[${RPC_RUNS / 2 - 1}] + times[${RPC_RUNS / 2}]) / 2, p95: times[${Math.floor(RPC_RUNS * 0.95)}], answer };
})()`;

/** The Dev Wallet's provider on the demo page, found through EIP-6963. */
const devWalletProvider = `new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('Dev Wallet not announced')), 5000);
  window.addEventListener('eip6963:announceProvider', (event) => {
    if (event.detail?.info?.rdns === 'dev.airlock.wallet') { clearTimeout(timer); resolve(event.detail.provider); }
  });
  window.dispatchEvent(new Event('eip6963:requestProvider'));
})`;

/** `--widget`: only the widget's sizes and page timings (no RPC loops, WalletConnect, API or relay). */
const WIDGET_ONLY = process.argv.includes('--widget');

async function main() {
  await metric('host script size', hostSizes);
  await metric('frame initial JS', frameInitialJs);
  await metric('secure frame JS', () => secureFrameSize(rows));

  const stack = await startStack({ mode: 'e2e', log: () => {} });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const benchPage = `${stack.urls.dapp}/fixtures/bench.html`;
  try {
    await metric('page load event', () => pageLoadTimes(browser, stack.urls.dapp));
    await metric('createWidget → first state', () => readyTimes(browser, benchPage));
    await metric('secure frame load → READY', () => secureFrameLoad(browser, stack.urls, rows));

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(benchPage);
    const ready = page.evaluate(createAndWaitForState);
    ready.catch(() => {});
    await metric('open() → modal visible', async () => {
      await ready;
      await openTimes(page, stack.urls.frame);
    });
    await metric('plain-page floor', () => plainFloor(page));
    if (!WIDGET_ONLY) {
      await metric('eth_chainId through the widget', async () => {
        await ready;
        const r = /** @type {any} */ (await page.evaluate(chainIdLoop('window.__benchWidget.getProvider("eip155")')));
        rows.push([
          `eth_chainId via widget provider (median of ${RPC_RUNS})`,
          fmtMs(r.median),
          `mean ${fmtMs(r.mean)}, p95 ${fmtMs(r.p95)}, answer ${r.answer}`,
        ]);
      });
    }
    await context.close();

    if (!WIDGET_ONLY) {
      const demo = await browser.newContext();
      const demoPage = await demo.newPage();
      await demoPage.goto(`${stack.urls.dapp}/?autoApprove=1`);
      await metric('eth_chainId on the Dev Wallet', async () => {
        const r = /** @type {any} */ (await demoPage.evaluate(chainIdLoop(devWalletProvider)));
        rows.push([
          `eth_chainId via Dev Wallet directly (median of ${RPC_RUNS})`,
          fmtMs(r.median),
          `mean ${fmtMs(r.mean)}, p95 ${fmtMs(r.p95)}, answer ${r.answer}`,
        ]);
      });
      await demo.close();

      // WalletConnect: URI shown, pairing, personal_sign through the relay.
      await walletConnectBenchmarks(browser, stack.urls, rows, metric);
      // Embedded wallet: email login and personal_sign with the secure frame's approval (scripts/bench-embedded.mjs).
      await (await import('./bench-embedded.mjs')).embeddedBenchmarks(stack.urls, rows, metric);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
  if (!WIDGET_ONLY) {
    // Provider API: its own anvil and API ports, after the widget stack is down.
    await apiBenchmarks(rows, metric);
    await (await import('./bench-relay.mjs')).relayBenchmarks(rows, metric); // relay under a flood (scripts/bench-relay.mjs)
    await (await import('./bench-solana-rpc.mjs')).solanaRpcBenchmarks(rows, metric); // the local Solana RPC
  }

  console.log(`\nAirlock bench (${new Date().toISOString()}, node ${process.version})\n`);
  printTable(rows);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[bench] ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
