// The page's `load` event with the widget against the same page without it, as `npm run bench`
// measures it at 1x and 4x CPU. Three versions of one small dapp page, each in a fresh context
// (a new renderer process, nothing compiled or cached yet), in rotating order:
//
// - `load.html`, the reference: the page and its own script (`load.js`, the dapp's code: it adds a
//   Connect button), no widget;
// - `load-npm.html`: the same page whose script also imports `createWidget` from the host SDK's
//   ESM build and calls it while the page loads (a dapp with a bundler: the widget's code travels
//   in the dapp's own script, no request of its own);
// - `load-classic.html`: the same page with the classic script `airlock.js` in a `<script>` tag
//   before the dapp's script, which calls `window.Airlock.createWidget` (a dapp without a bundler:
//   one more script request, which the page's parser waits for).
//
// All three load `demo-config.js` (the page's config) the same way. The pages time their own
// createWidget() call (`performance.now()` around it) in `__benchCreateMs`.

import { build } from 'esbuild';
import { PAGE_HEAD, rotate, throttle } from './bench-widget.mjs';
import { ROOT } from './stack.mjs';

/** The page versions, by file name in the bench server. */
export const PAGE_LOAD_PAGES = /** @type {const} */ ({ none: 'load', npm: 'load-npm', classic: 'load-classic' });

/** @typedef {keyof typeof PAGE_LOAD_PAGES} PageLoadVersion */

/**
 * The dapp's own script for one page version, as esbuild input: it adds a Connect button and,
 * with the widget, creates it (timing the call) and opens it on click.
 * @param {PageLoadVersion} version
 */
const appSource = (version) => {
  const create =
    version === 'npm'
      ? "import { createWidget } from '@airlock/host-sdk';\nconst create = createWidget;"
      : 'const create = window.Airlock.createWidget;';
  return `${version === 'none' ? '' : create}
const config = window.AIRLOCK_DEMO_CONFIG;
const button = document.createElement('button');
button.textContent = 'Connect wallet';
document.body.append(button);
${
  version === 'none'
    ? 'button.onclick = () => alert(config.projectId);'
    : `const t = performance.now();
const widget = create({ projectId: config.projectId, networks: config.networks, frameUrl: config.frameUrl });
window.__benchCreateMs = performance.now() - t;
button.onclick = () => widget.open();`
}`;
};

/**
 * The page-load files for the bench server (path → [content type, body]): the three pages and the
 * dapp script of each, bundled and minified as a dapp's build would (the npm version takes the host
 * SDK's `dist/index.js` through the package's exports).
 * @returns {Promise<Record<string, [string, string]>>}
 */
export async function pageLoadFiles() {
  /** @type {Record<string, [string, string]>} */
  const files = {};
  for (const [version, name] of Object.entries(PAGE_LOAD_PAGES)) {
    const result = await build({
      stdin: { contents: appSource(/** @type {PageLoadVersion} */ (version)), resolveDir: ROOT, loader: 'js' },
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2022',
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
  return files;
}

/** Pause between page-load runs (ms): the closed context's renderer processes exit before the next page starts, so their teardown does not compete with it for the CPU on a two-core machine. */
const SETTLE_MS = 400;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/**
 * `runs` loads of each page version at `rate` (1 = no CPU throttling), each in a fresh context, the
 * versions in an order that rotates every round (so none always follows another): the page's
 * `loadEventStart` (ms) and, with the widget, the createWidget() call's own time in that load (ms).
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin the bench server's `http://localhost:<port>`
 * @param {number} rate
 * @param {number} runs
 * @returns {Promise<Record<PageLoadVersion, { load: number[], create: number[] }>>}
 */
export async function pageLoadRuns(browser, origin, rate, runs) {
  const versions = /** @type {PageLoadVersion[]} */ (Object.keys(PAGE_LOAD_PAGES));
  const out = /** @type {Record<PageLoadVersion, { load: number[], create: number[] }>} */ (
    Object.fromEntries(versions.map((v) => [v, { load: [], create: [] }]))
  );
  for (let run = 0; run < runs; run += 1) {
    const order = rotate(versions, run);
    for (const version of order) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await throttle(context, page, rate);
      await page.goto(`${origin}/${PAGE_LOAD_PAGES[version]}.html`);
      const [load, create] = await page.evaluate(() => [
        /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]).loadEventStart,
        /** @type {number | undefined} */ (/** @type {any} */ (window).__benchCreateMs),
      ]);
      out[version].load.push(load);
      if (create !== undefined) out[version].create.push(create);
      await context.close();
      await settle();
    }
  }
  return out;
}
