// The page's `load` event with the widget against the same page without it, as `npm run bench`
// measures it at 1x and 4x CPU, on two pages (`PAGE_LOAD_PAGES`):
//
// - `minimal`: a heading and a script that adds a Connect button (about 60 ms to `load` at 1x here).
//   With nothing else to load, any fixed cost of the widget (one more script request) shows whole;
// - `dapp`: the same page built the way the dapps we serve are: one bundled script in which React
//   renders the button and a balance line and viem creates a chain client (about 0.5 MB minified,
//   about 220 ms to `load` at 1x here). Nothing is fetched from a chain before `load`.
//
// Each page comes in three versions, each loaded in a fresh context (a new renderer process,
// nothing compiled or cached yet), in an order that rotates every round:
//
// - the reference (`load.html`, `dapp.html`): the page and its own script, no widget;
// - npm (`…-npm.html`): the page's script also imports `createWidget` from the host SDK's ESM build
//   and calls it while the page loads (a dapp with a bundler: the widget's code travels in the
//   dapp's own script, no request of its own);
// - classic (`…-classic.html`): the classic script `airlock.js` in a `<script>` tag before the
//   page's script, which calls `window.Airlock.createWidget` (a dapp without a bundler: one more
//   script request, which the page's parser waits for).
//
// All versions load `demo-config.js` (the page's config) the same way. The pages time their own
// createWidget() call (`performance.now()` around it) in `__benchCreateMs`.
//
// Apart from the load: the minimal page with the widget created in a task after `load`
// (`LOADED_PAGES`, npm and classic), for the call's own time and the setup's.

import { build } from 'esbuild';
import { PAGE_HEAD, rotate, throttle } from './bench-widget.mjs';
import { ROOT } from './stack.mjs';

/** The page versions by page kind: file names (without `.html` / `.js`) in the bench server. */
export const PAGE_LOAD_PAGES = /** @type {const} */ ({
  minimal: { none: 'load', npm: 'load-npm', classic: 'load-classic' },
  dapp: { none: 'dapp', npm: 'dapp-npm', classic: 'dapp-classic' },
});

/**
 * The minimal page with the widget created in a task after the page's `load` event (a dapp that
 * creates it later, on a loaded page), by version: file names in the bench server. The page times
 * the createWidget() call (`__benchCreateMs`), then reads a member of the handle at once, which
 * runs the setup the call left to a task of its own, and times that too (`__benchSetupMs`).
 */
export const LOADED_PAGES = /** @type {const} */ ({ npm: 'loaded-npm', classic: 'loaded-classic' });

/** @typedef {keyof typeof PAGE_LOAD_PAGES | 'loaded'} PageKind */
/** @typedef {keyof typeof PAGE_LOAD_PAGES.minimal} PageLoadVersion */

/**
 * How each version gets `createWidget` (ESM source lines defining `create`), or nothing.
 * @param {PageLoadVersion} version
 */
const importCreate = (version) =>
  version === 'npm'
    ? "import { createWidget } from '@airlock/host-sdk';\nconst create = createWidget;"
    : version === 'classic'
      ? 'const create = window.Airlock.createWidget;'
      : '';

/**
 * Source lines that define `widget` (something with `open()`): the widget created and its call
 * timed, or, without the widget, an alert in its place.
 * @param {PageLoadVersion} version
 */
const createWidgetLines = (version) =>
  version === 'none'
    ? 'const widget = { open: () => alert(config.projectId) };'
    : `const t = performance.now();
const widget = create({ projectId: config.projectId, networks: config.networks, frameUrl: config.frameUrl });
window.__benchCreateMs = performance.now() - t;`;

/**
 * The page's own script for one kind and version, as esbuild input.
 * @param {PageKind} kind
 * @param {PageLoadVersion} version
 */
const appSource = (kind, version) =>
  kind === 'loaded'
    ? `${importCreate(version)}
const config = window.AIRLOCK_DEMO_CONFIG;
addEventListener('load', () => setTimeout(() => {
${createWidgetLines(version)}
const s = performance.now();
widget.getProvider;
window.__benchSetupMs = performance.now() - s;
}));`
    : kind === 'minimal'
      ? `${importCreate(version)}
const config = window.AIRLOCK_DEMO_CONFIG;
${createWidgetLines(version)}
const button = document.createElement('button');
button.textContent = 'Connect wallet';
document.body.append(button);
button.onclick = () => widget.open();`
      : `import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createPublicClient, formatEther, http } from 'viem';
import { mainnet } from 'viem/chains';
${importCreate(version)}
const config = window.AIRLOCK_DEMO_CONFIG;
const client = createPublicClient({ chain: mainnet, transport: http('http://127.0.0.1:9/rpc') });
${createWidgetLines(version)}
function App() {
  const [block, setBlock] = useState(0n);
  return h('main', null,
    h('button', { onClick: () => widget.open() }, 'Connect wallet'),
    h('p', null, 'Block ', String(block), ', fee ', formatEther(0n), ' ETH'),
    h('button', { onClick: () => client.getBlockNumber().then(setBlock) }, 'Refresh'));
}
const root = document.createElement('div');
document.body.append(root);
createRoot(root).render(h(App));`;

/**
 * The page-load files for the bench server (path → [content type, body]): every page version and
 * its script, bundled and minified as a dapp's build would (production React; the npm version
 * takes the host SDK's `dist/index.js` through the package's exports).
 * @returns {Promise<Record<string, [string, string]>>}
 */
export async function pageLoadFiles() {
  /** @type {Record<string, [string, string]>} */
  const files = {};
  for (const [kind, versions] of [
    ...Object.entries(PAGE_LOAD_PAGES),
    /** @type {const} */ (['loaded', LOADED_PAGES]),
  ]) {
    for (const [version, name] of Object.entries(versions)) {
      const result = await build({
        stdin: {
          contents: appSource(/** @type {PageKind} */ (kind), /** @type {PageLoadVersion} */ (version)),
          resolveDir: ROOT,
          loader: 'js',
        },
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2022',
        define: { 'process.env.NODE_ENV': '"production"' },
        write: false,
        logLevel: 'silent',
      });
      files[`/${name}.js`] = ['text/javascript', result.outputFiles[0].text];
      const host = version === 'classic' ? '<script src="/airlock.js"></script>' : '';
      files[`/${name}.html`] = [
        'text/html',
        `${PAGE_HEAD}<script src="/demo-config.js"></script>${host}<script src="/${name}.js"></script></body></html>`,
      ];
    }
  }
  return files;
}

/** Pause between page-load runs (ms): the closed context's renderer processes exit before the next page starts, so their teardown does not compete with it for the CPU on a two-core machine. */
const SETTLE_MS = 400;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/**
 * `runs` rounds of loading every page in `pages` (version → file name) at `rate`, each in a fresh
 * context, in an order that rotates every round (so none always follows another), with a pause
 * after each; `read(page, version)` takes what the load measured before its context closes.
 * @template {string} V
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin the bench server's `http://localhost:<port>`
 * @param {Readonly<Record<V, string>>} pages
 * @param {number} rate
 * @param {number} runs
 * @param {(page: import('playwright-core').Page, version: V) => Promise<void>} read
 */
async function rotatedFreshLoads(browser, origin, pages, rate, runs, read) {
  const versions = /** @type {V[]} */ (Object.keys(pages));
  for (let run = 0; run < runs; run += 1) {
    for (const version of rotate(versions, run)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await throttle(context, page, rate);
      await page.goto(`${origin}/${pages[version]}.html`);
      await read(page, version);
      await context.close();
      await settle();
    }
  }
}

/**
 * `runs` loads of each page version at `rate` (1 = no CPU throttling), each in a fresh context, the
 * versions in an order that rotates every round (so none always follows another): the page's
 * `loadEventStart` (ms) and, with the widget, the createWidget() call's own time in that load (ms).
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin the bench server's `http://localhost:<port>`
 * @param {keyof typeof PAGE_LOAD_PAGES} kind
 * @param {number} rate
 * @param {number} runs
 * @returns {Promise<Record<PageLoadVersion, { load: number[], create: number[] }>>}
 */
export async function pageLoadRuns(browser, origin, kind, rate, runs) {
  const pages = PAGE_LOAD_PAGES[kind];
  const versions = /** @type {PageLoadVersion[]} */ (Object.keys(pages));
  const out = /** @type {Record<PageLoadVersion, { load: number[], create: number[] }>} */ (
    Object.fromEntries(versions.map((v) => [v, { load: [], create: [] }]))
  );
  await rotatedFreshLoads(browser, origin, pages, rate, runs, async (page, version) => {
    const [load, create] = await page.evaluate(() => [
      /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]).loadEventStart,
      /** @type {number | undefined} */ (/** @type {any} */ (window).__benchCreateMs),
    ]);
    out[version].load.push(load);
    if (create !== undefined) out[version].create.push(create);
  });
  return out;
}

/**
 * `runs` loads of each {@link LOADED_PAGES} version at `rate`, fresh context each, in rotating
 * order: the createWidget() call's own time (ms) when the dapp calls it on a loaded page, and the
 * setup's (providers, EIP-6963, listeners; ms), which the call leaves to the next task and a
 * member read right after it runs at once (the iframe follows in a task of its own either way).
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin the bench server's `http://localhost:<port>`
 * @param {number} rate
 * @param {number} runs
 * @returns {Promise<Record<keyof typeof LOADED_PAGES, { create: number[], setup: number[] }>>}
 */
export async function loadedCreateRuns(browser, origin, rate, runs) {
  const out = /** @type {Record<keyof typeof LOADED_PAGES, { create: number[], setup: number[] }>} */ ({
    npm: { create: [], setup: [] },
    classic: { create: [], setup: [] },
  });
  await rotatedFreshLoads(browser, origin, LOADED_PAGES, rate, runs, async (page, version) => {
    await page.waitForFunction(() => /** @type {any} */ (window).__benchSetupMs !== undefined, undefined, {
      timeout: 30_000,
    });
    const [create, setup] = await page.evaluate(() => [
      /** @type {number} */ (/** @type {any} */ (window).__benchCreateMs),
      /** @type {number} */ (/** @type {any} */ (window).__benchSetupMs),
    ]);
    out[version].create.push(create);
    out[version].setup.push(setup);
  });
  return out;
}
