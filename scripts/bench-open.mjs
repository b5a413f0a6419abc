// The open() figures of `npm run bench` (scripts/bench.mjs): open() → modal painted and → modal
// interactive at 1x and 4x CPU, each beside the plain-page floor (an inline element shown) measured
// in the same page. See docs/architecture.md "Opening" for what opening does.

import * as startup from './bench-widget.mjs';

/** Opens (and plain-page floors) per rate. */
const OPEN_RUNS = 60;
/**
 * Each open and each floor starts after a random wait of up to one display frame (ms, 60 Hz), so
 * it starts at a random point of the frame: what it waits for the next animation frame then does
 * not depend on what ran just before it (the previous floor ends right after a frame).
 */
const FRAME_MS = 1000 / 60;
/** CPU throttling rates (CDP `Emulation.setCPUThrottlingRate`). */
const RATES = /** @type {const} */ ([1, 4]);

/**
 * open() → modal painted, and → modal interactive, `runs` times (each followed by close()), each
 * run followed by one plain-page floor ({@link plainFloor}), so work the frame still does after
 * its start, or anything else on the machine, weighs on both alike.
 *
 * - painted: the later of (a) the page's first paint with the overlay revealed (the iframe no
 *   longer `inert`: the animation frame after it, then the next task — as the plain floor) and
 *   (b) the frame's first paint with a role="dialog" in its document (drawn before open() when
 *   the frame keeps its closed modal drawn);
 * - interactive: the frame's first paint with the dialog out of every `inert` subtree (the
 *   frame has handled open() and the modal takes clicks and focus).
 * Watchers are MutationObservers, not polling loops, so they add no work of their own.
 * @param {import('playwright-core').Page} page a bench page with window.__benchWidget ready
 * @param {string} frameOrigin
 * @param {number} runs
 * @returns {Promise<{ painted: number[], interactive: number[], floor: number[] }>} ms
 */
async function openTimes(page, frameOrigin, runs) {
  const frame = page.frames().find((f) => f.url().startsWith(frameOrigin));
  if (!frame) throw new Error('widget frame not found');
  /** @type {{ painted: number[], interactive: number[], floor: number[] }} */
  const out = { painted: [], interactive: [], floor: [] };
  // The UI loads after the first state: a visitor's first click comes after it has drawn the modal.
  await frame.waitForSelector('[role="dialog"]', { state: 'attached', timeout: 30_000 });
  for (let run = 0; run < runs; run += 1) {
    await frame.evaluate(() => {
      const w = /** @type {any} */ (window);
      /** Absolute time of the task after the next animation frame. */
      const paintedAt = () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.timeOrigin + performance.now());
            channel.port2.postMessage(0);
          }),
        );
      /** Resolves with paintedAt() once `test()` holds, checked on every DOM change. */
      const when = (/** @type {() => boolean} */ test) =>
        new Promise((resolve) => {
          if (test()) return resolve(paintedAt());
          const observer = new MutationObserver(() => {
            if (!test()) return;
            observer.disconnect();
            resolve(paintedAt());
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        });
      const dialog = () => document.querySelector('[role="dialog"]');
      w.__benchDrawnAt = when(() => dialog() !== null);
      w.__benchLiveAt = when(() => dialog() !== null && dialog()?.closest('[inert]') === null);
    });
    const shown = await page.evaluate(async (frameMs) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * frameMs));
      const w = /** @type {any} */ (window);
      const iframe = /** @type {HTMLIFrameElement} */ (document.querySelector('iframe[title="Airlock wallet widget"]'));
      const start = performance.timeOrigin + performance.now();
      const revealed = new Promise((resolve) => {
        const check = () => {
          if (iframe.inert) return false;
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.timeOrigin + performance.now());
            channel.port2.postMessage(0);
          });
          return true;
        };
        const observer = new MutationObserver(() => check() && observer.disconnect());
        observer.observe(iframe, { attributes: true });
        if (check()) observer.disconnect();
      });
      w.__benchOpened = w.__benchWidget.open().catch(() => null);
      return { start, painted: /** @type {number} */ (await revealed) };
    }, FRAME_MS);
    const [drawnAt, liveAt] = /** @type {[number, number]} */ (
      await frame.evaluate(() =>
        Promise.all([/** @type {any} */ (window).__benchDrawnAt, /** @type {any} */ (window).__benchLiveAt]),
      )
    );
    out.painted.push(Math.max(shown.painted, drawnAt) - shown.start);
    out.interactive.push(liveAt - shown.start);
    await page.evaluate(async () => {
      const w = /** @type {any} */ (window);
      const iframe = /** @type {HTMLIFrameElement} */ (document.querySelector('iframe[title="Airlock wallet widget"]'));
      await w.__benchWidget.close();
      await w.__benchOpened;
      while (!iframe.inert) await new Promise((resolve) => setTimeout(resolve, 5));
    });
    // The frame has handled the close too (its modal inert again) before the next run.
    await frame.waitForFunction(() => document.querySelector('[role="dialog"]')?.closest('[inert]') != null);
    out.floor.push(await plainFloor(page));
  }
  return out;
}

/**
 * The plain-page floor of "open": an inline fixed element shown from `display: none` (after a
 * random wait of up to {@link FRAME_MS}), until the animation frame after it and the next task.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<number>} ms
 */
async function plainFloor(page) {
  return /** @type {number} */ (
    await page.evaluate(
      (frameMs) =>
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
          }, Math.random() * frameMs);
        }),
      FRAME_MS,
    )
  );
}

/**
 * Open at each rate on a fresh context (the page and the frame's process throttled from the
 * start), beside the plain-page floor at the same rate, the two alternating run by run.
 * @param {import('playwright-core').Browser} browser
 * @param {{ benchPage: string, frameOrigin: string }} where
 * @param {Array<[string, string, string]>} rows the table the rows are added to
 */
export async function openAtRates(browser, where, rows) {
  for (const rate of RATES) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(where.benchPage);
      await startup.throttle(context, page, rate);
      await page.evaluate(startup.createAndWait());
      const { floor, ...open } = await openTimes(page, where.frameOrigin, OPEN_RUNS);
      rows.push(
        startup.ratioRow(
          `open() → modal painted, ${rate}x CPU (median of ${OPEN_RUNS})`,
          open.painted,
          'plain page: inline element shown → painted',
          floor,
          rate === 1 ? '≤ 3×' : '≤ 2×',
        ),
        startup.ratioRow(
          `open() → modal interactive (the frame handled it), ${rate}x CPU (median of ${OPEN_RUNS})`,
          open.interactive,
          'plain page: inline element shown → painted',
          floor,
        ),
      );
    } finally {
      await context.close();
    }
  }
}
