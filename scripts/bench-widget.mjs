// The widget's start-up figures of `npm run bench` at 1x and 4x CPU, each beside a reference
// measured in the same run (this machine's CPU is shared, so only same-run ratios mean anything):
//
// - CPU throttling: Chrome DevTools Protocol `Emulation.setCPUThrottlingRate` on the page AND on
//   the cross-site frame's own renderer process: the page's session auto-attaches to the frame's
//   target before it runs (`Target.setAutoAttach` with `waitForDebuggerOnStart`), throttles it,
//   then lets it run;
// - createWidget → first state (no stored connection), beside the floor: an empty page of the
//   frame's origin in a cross-site iframe, from its creation to its first message to the page;
// - reload → restored `connected` with the Dev Wallet (a page wallet, EIP-6963), beside the same floor;
// - the frame process's main-thread CPU at load from a trace (scripts/bench-trace.mjs; Chromium
//   `Tracing`, site-per-process, so the frame has a renderer of its own whose main thread is the
//   frame's alone): before the first state and in the 3 s after the iframe is created, beside the
//   empty cross-site page's;
// - a timeline of one start (iframe created, frame HTML, scripts, deployment.json, the API's
//   allowed-origins call, penpal handshake, first state), from the frame's resource timing and the
//   penpal messages the page receives, all on the page's clock.

import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

/** The bench's Chromium: each site in its own renderer process (the frame is cross-site, as in production). */
export const SITE_ISOLATION_ARGS = ['--site-per-process'];

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * `list` rotated left by `by` (modulo its length): the order of one round of interleaved runs, so
 * that no version always follows the same other one.
 * @template T
 * @param {T[]} list
 * @param {number} by
 * @returns {T[]}
 */
export const rotate = (list, by) => [...list.slice(by % list.length), ...list.slice(0, by % list.length)];

/** @param {number} ms */
export const fmtMs = (ms) => `${ms.toFixed(ms < 1 ? 3 : ms < 10 ? 2 : 1)} ms`;

/** `median X (min Y)` of a list of ms. @param {number[]} values */
const medMin = (values) => `${fmtMs(median(values))} (min ${fmtMs(Math.min(...values))})`;

/**
 * A row `[metric, value, notes]` for a figure beside its reference: the medians, the mins and the
 * ratio of the medians, plus the target when there is one.
 * @param {string} metric
 * @param {number[]} values
 * @param {string} referenceName
 * @param {number[]} reference
 * @param {string} [target]
 * @returns {[string, string, string]}
 */
export function ratioRow(metric, values, referenceName, reference, target) {
  const ratio = median(values) / median(reference);
  return [
    metric,
    medMin(values),
    `${referenceName}: ${medMin(reference)}; ratio ${ratio.toFixed(2)}${target ? `; target ${target}` : ''}`,
  ];
}

/**
 * The paired ratio of two lists measured in rounds (`values[i]` and `reference[i]` in the same
 * round, close in time): the median of the per-round ratios `values[i] / reference[i]`, and its
 * 90% bootstrap interval (2,000 resamples of the rounds, fixed seed). A slow spell of the machine
 * slows both loads of a round, so it cancels out of their ratio: over 100 rounds of the bench's
 * dapp page, this interval was about half as wide as a bootstrap of the ratio of the two medians.
 * @param {number[]} values
 * @param {number[]} reference as many as `values`
 * @returns {{ ratio: number, low: number, high: number }}
 */
export function pairedRatio(values, reference) {
  const { median: ratio, low, high } = medianInterval(values.map((value, i) => value / reference[i]));
  return { ratio, low, high };
}

/**
 * The median of `values` and its 90% bootstrap interval (2,000 resamples, fixed seed): for single
 * timings of a short call, which on a busy two-core machine now and then take several times their
 * usual value when the call's thread waits for a core, so a median of 20 can move by milliseconds
 * from one run to the next; the interval says how far.
 * @param {number[]} values
 * @returns {{ median: number, low: number, high: number }}
 */
export function medianInterval(values) {
  // A xorshift generator with a fixed seed, so a run's intervals can be recomputed from its figures.
  let seed = 0x2545f491;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const estimates = Array.from({ length: 2000 }, () =>
    median(values.map(() => values[Math.floor(random() * values.length)])),
  ).sort((a, b) => a - b);
  return { median: median(values), low: estimates[100], high: estimates[1900] };
}

/**
 * Throttles the page's renderer and every frame renderer the page creates from now on to `rate`
 * (1 = no throttling). Cross-site frames are held at their start until throttled, so the whole
 * of their load runs at that rate.
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('playwright-core').Page} page
 * @param {number} rate
 */
export async function throttle(context, page, rate) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  let id = 0;
  cdp.on('Target.attachedToTarget', ({ sessionId }) => {
    const send = (/** @type {string} */ method, params = {}) =>
      cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) })
        .catch(() => {});
    // Messages to one target are handled in order: throttled before it runs.
    void send('Emulation.setCPUThrottlingRate', { rate });
    void send('Runtime.runIfWaitingForDebugger');
  });
  // flatten: false, so the child sessions are reached through this session (Target.sendMessageToTarget).
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return cdp;
}

/** The start of the bench's dapp pages, up to their first script: a heading in the body. */
export const PAGE_HEAD =
  '<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head><body><h1>Dapp</h1>';

/**
 * The bench's own pages, served from this process (like the stack's servers) on an ephemeral port of
 * `localhost` (a dapp origin the dev seed allows) and `127.0.0.1` (the frame's site):
 * - `http://127.0.0.1:<port>/floor.html`: the floors' empty page, which posts `bench-floor` to its
 *   parent as soon as it runs; cross-site from the `localhost` pages, so it gets a renderer process
 *   of its own like the frame;
 * - the page-load pages and their scripts, `extra` (scripts/bench-page-load.mjs `pageLoadFiles`);
 * - `http://localhost:<port>/restore.html`: a page with the Dev Wallet installed (auto-approve);
 * - `/demo-config.js` (the stack's, fetched once), `/airlock.js` (the host build), `/dev-wallet.js`.
 * Pages must come from a real server: Chromium blocks a page fulfilled by a Playwright route
 * (no address, so "public") from framing the loopback frame (local network access).
 * @param {{ dapp: string }} stack
 * @param {Record<string, [string, string | Buffer]>} [extra] more files, by path
 * @returns {Promise<{ origin: string, floorUrl: string, close: () => Promise<void> }>}
 */
export async function startBenchServer(stack, extra = {}) {
  const config = await (await fetch(`${stack.dapp}/demo-config.js`, { signal: AbortSignal.timeout(10_000) })).text();
  const host = readFileSync(join(ROOT, 'apps/host-sdk/dist/airlock.js'));
  const wallet = await devWalletScript();
  /** @type {Record<string, [string, string | Buffer]>} */
  const files = {
    ...extra,
    '/floor.html': [
      'text/html',
      "<!doctype html><title>floor</title><script>parent.postMessage('bench-floor', '*')</script>",
    ],
    '/restore.html': [
      'text/html',
      `${PAGE_HEAD}<script src="/demo-config.js"></script><script src="/airlock.js"></script><script src="/dev-wallet.js"></script></body></html>`,
    ],
    '/demo-config.js': ['text/javascript', config],
    '/airlock.js': ['text/javascript', host],
    '/dev-wallet.js': ['text/javascript', wallet],
  };
  /** @type {import('node:http').RequestListener} */
  const handler = (req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': `${file[0]}; charset=utf-8`, 'cache-control': 'no-store' });
    res.end(file[1]);
  };
  const servers = [createServer(handler)];
  await new Promise((resolve) => servers[0].listen(0, '127.0.0.1', () => resolve(null)));
  const port = /** @type {import('node:net').AddressInfo} */ (servers[0].address()).port;
  // Browsers may resolve localhost to ::1 first; serve it there too when IPv6 exists.
  const v6 = createServer(handler);
  await new Promise((resolve) => {
    v6.once('error', () => resolve(null));
    v6.listen(port, '::1', () => {
      servers.push(v6);
      resolve(null);
    });
  });
  return {
    origin: `http://localhost:${port}`,
    floorUrl: `http://127.0.0.1:${port}/floor.html`,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve(null)))));
    },
  };
}

/** In-page: ms from creating a cross-site iframe of the empty page until its message arrives (removed after, unless `keep`). */
export const floorRun = (/** @type {string} */ url, keep = false) => `(async () => {
  const t0 = performance.now();
  const got = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no floor message after 30 s')), 30000);
    addEventListener('message', function on(event) {
      if (event.data !== 'bench-floor') return;
      clearTimeout(timer); removeEventListener('message', on); resolve(performance.now() - t0);
    });
  });
  const iframe = document.createElement('iframe');
  iframe.src = ${JSON.stringify(url)};
  document.body.append(iframe);
  const ms = await got;
  if (!${keep}) iframe.remove();
  return ms;
})()`;

/**
 * In-page: creates the widget (the bench page's config), resolves with `[ms to the first state
 * whose status matches, ms of the createWidget() call]`; keeps it as `window.__benchWidget`.
 * Marks `bench:create` and `bench:state` (user timing, seen in traces).
 */
export const createAndWait = (/** @type {string} */ statusPattern = '.*') => `(async () => {
  const config = window.AIRLOCK_DEMO_CONFIG;
  performance.mark('bench:create');
  const t0 = performance.now();
  window.__benchT0 = performance.timeOrigin + t0;
  const widget = window.Airlock.createWidget({ projectId: config.projectId, networks: config.networks, frameUrl: config.frameUrl });
  const sync = performance.now() - t0;
  window.__benchWidget = widget;
  const wanted = new RegExp('^(' + ${JSON.stringify(statusPattern)} + ')$');
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching state after 30 s')), 30000);
    const check = (state) => { if (state && wanted.test(state.status)) { clearTimeout(timer); resolve(); } };
    widget.subscribe(check);
    check(widget.getState());
  });
  const ms = performance.now() - t0;
  performance.mark('bench:state');
  return [ms, sync];
})()`;

/**
 * createWidget → first state at `rate`, alternating with the cross-site floor, each in a fresh
 * context on the loaded bench page.
 * @param {import('playwright-core').Browser} browser
 * @param {{ benchPage: string, frameOrigin: string, floorUrl: string }} where
 * @param {number} rate CPU throttling rate
 * @param {number} runs
 * @returns {Promise<{ state: number[], sync: number[], floor: number[] }>}
 */
export async function firstStateRuns(browser, where, rate, runs) {
  /** @type {{ state: number[], sync: number[], floor: number[] }} */
  const out = { state: [], sync: [], floor: [] };
  for (let run = 0; run < runs * 2; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(where.benchPage);
    await throttle(context, page, rate);
    // ABBA order, so neither kind always runs right after the other.
    if ((run % 4 === 0 || run % 4 === 3) === true) {
      const [ms, sync] = /** @type {[number, number]} */ (await page.evaluate(createAndWait()));
      out.state.push(ms);
      out.sync.push(sync);
    } else {
      out.floor.push(/** @type {number} */ (await page.evaluate(floorRun(where.floorUrl))));
    }
    await context.close();
  }
  return out;
}

/**
 * The in-page Dev Wallet (apps/demo-dapp/src/devWallet) as one classic script that installs it
 * with auto-approval from `window.AIRLOCK_DEMO_CONFIG.networks` (bundled with esbuild, its CSS dropped).
 * @returns {Promise<string>}
 */
export async function devWalletScript() {
  const result = await build({
    stdin: {
      contents:
        "import { installDevWallet } from './src/devWallet/index.ts';\n" +
        'installDevWallet({ networks: window.AIRLOCK_DEMO_CONFIG.networks, autoApprove: true });\n',
      resolveDir: join(ROOT, 'apps/demo-dapp'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    minify: true,
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/**
 * Reload → restored `connected` with the Dev Wallet: connects once (the widget's Connect view,
 * the Dev Wallet button), then per run reloads the page, creates the widget and times
 * createWidget → the state `connected`; alternating with the cross-site floor.
 * @param {import('playwright-core').Browser} browser
 * @param {{ benchOrigin: string, floorUrl: string }} where
 * @param {number} rate CPU throttling rate
 * @param {number} runs
 * @returns {Promise<{ restored: number[], floor: number[] }>}
 */
export async function restoredRuns(browser, where, rate, runs) {
  const context = await browser.newContext();
  const url = `${where.benchOrigin}/restore.html`;
  /** @type {{ restored: number[], floor: number[] }} */
  const out = { restored: [], floor: [] };
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(createAndWait('disconnected'));
    const opened = page.evaluate(() => /** @type {any} */ (window).__benchWidget.open());
    await page
      .frameLocator('iframe[title="Airlock wallet widget"]')
      .getByRole('button', { name: 'Dev Wallet' })
      .click({ timeout: 30_000 });
    await page.evaluate(createAndWaitExisting('connected'));
    await page.evaluate(() => /** @type {any} */ (window).__benchWidget.close());
    await opened;
    for (let run = 0; run < runs * 2; run += 1) {
      await page.goto(url);
      const cdp = await throttle(context, page, rate);
      if (run % 4 === 0 || run % 4 === 3) {
        const [ms] = /** @type {[number, number]} */ (await page.evaluate(createAndWait('connected')));
        out.restored.push(ms);
      } else {
        out.floor.push(/** @type {number} */ (await page.evaluate(floorRun(where.floorUrl))));
      }
      await cdp.detach().catch(() => {});
    }
  } finally {
    await context.close();
  }
  return out;
}

/** In-page: waits until `window.__benchWidget`'s state status matches. */
const createAndWaitExisting = (/** @type {string} */ status) => `new Promise((resolve, reject) => {
  const widget = window.__benchWidget;
  const timer = setTimeout(() => reject(new Error('no ${status} state after 30 s')), 30000);
  const check = (state) => { if (state?.status === ${JSON.stringify(status)}) { clearTimeout(timer); resolve(null); } };
  widget.subscribe(check);
  check(widget.getState());
})`;

/**
 * One start's timeline on the page's clock (ms after createWidget): the iframe created, the frame's
 * navigation start and HTML received, its scripts and deployment.json fetched, the API's
 * allowed-origins call, the first penpal message of the frame (its handshake SYN), the handshake
 * done (penpal ACK2 sent by the page) and the first state.
 * @param {import('playwright-core').Browser} browser
 * @param {{ benchPage: string, frameOrigin: string, floorUrl: string }} where
 * @param {number} rate
 * @returns {Promise<Array<[string, number]>>}
 */
export async function startTimeline(browser, where, rate) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The page's side of penpal: when each message of the frame arrives (the page's clock).
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__benchPenpal = [];
    addEventListener(
      'message',
      (event) => {
        const d = event.data;
        if (d && d.namespace === 'penpal') w.__benchPenpal.push([d.type, performance.timeOrigin + performance.now()]);
      },
      true,
    );
  });
  try {
    await page.goto(where.benchPage);
    await throttle(context, page, rate);
    const [ms] = /** @type {[number, number]} */ (await page.evaluate(createAndWait()));
    const t0 = /** @type {number} */ (await page.evaluate(() => /** @type {any} */ (window).__benchT0));
    const frame = page.frames().find((f) => f.url().startsWith(where.frameOrigin));
    if (!frame) throw new Error('widget frame not found');
    const inFrame = /** @type {any} */ (
      await frame.evaluate(() => ({
        origin: performance.timeOrigin,
        nav: performance.getEntriesByType('navigation')[0]?.toJSON(),
        resources: performance.getEntriesByType('resource').map((r) => r.toJSON()),
      }))
    );
    const penpal = /** @type {Array<[string, number]>} */ (
      await page.evaluate(() => /** @type {any} */ (window).__benchPenpal)
    );
    const iframeAt = /** @type {number} */ (
      await page.evaluate(() => {
        const e = /** @type {PerformanceEntry | undefined} */ (
          performance.getEntriesByType('resource').find((r) => r.name.includes('?config='))
        );
        return e ? performance.timeOrigin + e.startTime : Number.NaN;
      })
    );
    const at = (/** @type {number} */ abs) => abs - t0;
    const frameAt = (/** @type {number} */ rel) => at(inFrame.origin + rel);
    const res = (/** @type {RegExp} */ pattern) =>
      inFrame.resources.filter((/** @type {any} */ r) => pattern.test(r.name));
    // The scripts the document loads before it is interactive (not the UI chunk imported later).
    const scripts = res(/\.js(\?|$)/).filter(
      (/** @type {any} */ r) => r.startTime < (inFrame.nav?.domInteractive ?? 0),
    );
    const lastScript = scripts.reduce((m, /** @type {any} */ r) => Math.max(m, r.responseEnd), 0);
    const deployment = res(/deployment\.json/)[0];
    const origins = res(/\/projects\/v1\/origins/)[0];
    const first = (/** @type {string} */ type) => penpal.find(([t]) => t === type)?.[1];
    /** @type {Array<[string, number]>} */
    const steps = [
      ['iframe request started (page)', at(iframeAt)],
      ['frame navigation start', frameAt(0)],
      ['frame HTML received', frameAt(inFrame.nav?.responseEnd ?? Number.NaN)],
      [`frame scripts fetched (${scripts.length})`, frameAt(lastScript)],
      ['deployment.json fetched', deployment ? frameAt(deployment.responseEnd) : Number.NaN],
      [
        'frame DOMContentLoaded (module scripts evaluated)',
        frameAt(inFrame.nav?.domContentLoadedEventStart ?? Number.NaN),
      ],
      ['allowed-origins call started', origins ? frameAt(origins.startTime) : Number.NaN],
      ['allowed-origins call answered', origins ? frameAt(origins.responseEnd) : Number.NaN],
      ['penpal SYN from the frame', at(first('SYN') ?? Number.NaN)],
      ['penpal ACK from the frame (handshake done)', at(first('ACK1') ?? first('ACK2') ?? Number.NaN)],
      ['first state seen by the page', ms],
    ];
    return steps;
  } finally {
    await context.close();
  }
}
