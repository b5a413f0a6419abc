// The frame process's main-thread work from Chrome traces, for scripts/bench.mjs: the thread time
// (`tdur`) and wall time of the frame renderer's tasks before the first state and over its first
// 3 s, beside an empty cross-site page's (long tasks of a hidden cross-site frame are not reported
// to the page, so a trace is the way to see them); and the dapp page's own main-thread CPU before
// its load event, with and without the widget.
import { createAndWait, floorRun, rotate, throttle } from './bench-widget.mjs';

/** Trace categories: top-level tasks, script evaluation, user timing marks and frame commits. */
const TRACE_CATEGORIES = [
  '__metadata',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'navigation',
];

/**
 * Main-thread busy time of one renderer's main thread (the union of its top-level tasks) in
 * [from, to] (trace µs), and the part spent compiling and evaluating scripts.
 * @param {any[]} events trace events
 * @param {number} pid
 * @param {number} from µs
 * @param {number} to µs
 * @returns {{ cpu: number, busy: number, script: number }} ms
 */
function mainThreadBusy(events, pid, from, to) {
  /** A top-level task of the thread's scheduler (nested ones are cut out below). */
  const isTask = (/** @type {string} */ name) => name === 'RunTask' || name === 'ThreadControllerImpl::RunTask';
  const main = events.find(
    (e) => e.pid === pid && e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error(`no main thread of renderer ${pid} in the trace`);
  const onMain = events.filter((e) => e.pid === pid && e.tid === main.tid && e.ph === 'X');
  /** Union of intervals of the named events, clipped to [from, to], in ms. */
  const union = (/** @type {(name: string) => boolean} */ match) => {
    const spans = onMain
      .filter((e) => match(e.name))
      .map((e) => [Math.max(e.ts, from), Math.min(e.ts + (e.dur ?? 0), to)])
      .filter(([a, b]) => b > a)
      .sort((a, b) => a[0] - b[0]);
    let total = 0;
    let end = -Infinity;
    for (const [a, b] of spans) {
      if (b <= end) continue;
      total += b - Math.max(a, end);
      end = b;
    }
    return total / 1000;
  };
  /** Thread CPU time (`tdur`) of the outermost tasks in [from, to], in ms (a task cut by the window counts pro rata). */
  const cpu = () => {
    const tasks = onMain.filter((e) => isTask(e.name) && e.dur > 0).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    let total = 0;
    let end = -Infinity;
    for (const e of tasks) {
      if (e.ts + e.dur <= end) continue; // nested in the task before
      end = e.ts + e.dur;
      const inside = Math.min(e.ts + e.dur, to) - Math.max(e.ts, from);
      if (inside > 0) total += (e.tdur ?? e.dur) * (inside / e.dur);
    }
    return total / 1000;
  };
  return {
    cpu: cpu(),
    busy: union(isTask),
    script: union((name) =>
      /^(v8\.(compile|compileModule|evaluateModule|run)|EvaluateScript|FunctionCall|v8\.callFunction)$/.test(name),
    ),
  };
}

/**
 * The renderer process of the frame whose URL starts with `urlPrefix` (its commit in the trace).
 * @param {any[]} events
 * @param {string} urlPrefix
 */
function rendererOf(events, urlPrefix) {
  const commit = events.find(
    (e) => e.name === 'FrameCommittedInBrowser' && String(e.args?.data?.url ?? '').startsWith(urlPrefix),
  );
  if (!commit) throw new Error(`no frame of ${urlPrefix} committed in the trace`);
  return /** @type {number} */ (commit.args.data.processId);
}

/** @param {any[]} events @param {string} name */
const markTs = (events, name) => {
  const mark = events.find((e) => e.name === name && e.cat?.includes('blink.user_timing'));
  if (!mark) throw new Error(`mark ${name} not in the trace`);
  return /** @type {number} */ (mark.ts);
};

/** How long after the iframe's creation the trace keeps recording (the UI chunk loads in it), ms. */
const TRACE_WINDOW_MS = 3_000;

/**
 * The frame process's main-thread CPU at load, from a trace per run (fresh context, 1x or
 * `rate`): before the first state, and in the {@link TRACE_WINDOW_MS} after createWidget;
 * beside the empty cross-site page of the frame's origin in the same window. Alternating.
 * @param {import('playwright-core').Browser} browser
 * @param {{ benchPage: string, frameOrigin: string, floorUrl: string }} where
 * @param {number} rate
 * @param {number} runs
 */
export async function frameTraceRuns(browser, where, rate, runs) {
  /** @type {{ beforeState: number[], cpuBeforeState: number[], scriptBeforeState: number[], atLoad: number[], cpuAtLoad: number[], floor: number[], cpuFloor: number[] }} */
  const out = {
    beforeState: [],
    cpuBeforeState: [],
    scriptBeforeState: [],
    atLoad: [],
    cpuAtLoad: [],
    floor: [],
    cpuFloor: [],
  };
  for (let run = 0; run < runs * 2; run += 1) {
    const widget = run % 4 === 0 || run % 4 === 3;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(where.benchPage);
    await throttle(context, page, rate);
    // With the page given, the trace records its frames' commits (FrameCommittedInBrowser: frame URL → renderer pid).
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    try {
      if (widget) await page.evaluate(createAndWait());
      else {
        await page.evaluate(() => performance.mark('bench:create'));
        await page.evaluate(floorRun(where.floorUrl, true));
      }
      await page.waitForTimeout(TRACE_WINDOW_MS); // a fixed trace window, not a wait for a condition
    } finally {
      const buffer = await browser.stopTracing();
      await context.close();
      const events = JSON.parse(buffer.toString('utf8')).traceEvents;
      const pid = rendererOf(events, widget ? `${where.frameOrigin}/?config=` : `${where.floorUrl}`);
      const from = markTs(events, 'bench:create');
      const window = mainThreadBusy(events, pid, from, from + TRACE_WINDOW_MS * 1000);
      if (widget) {
        const before = mainThreadBusy(events, pid, from, markTs(events, 'bench:state'));
        out.beforeState.push(before.busy);
        out.cpuBeforeState.push(before.cpu);
        out.scriptBeforeState.push(before.script);
        out.atLoad.push(window.busy);
        out.cpuAtLoad.push(window.cpu);
      } else {
        out.floor.push(window.busy);
        out.cpuFloor.push(window.cpu);
      }
    }
  }
  return out;
}

/**
 * The page renderer's main-thread CPU (thread time, ms) from the start of the trace to the page's
 * `load` event, from a trace per run (fresh context each, at `rate`), for each page of `pages`
 * (name → path on `origin`) in an order that rotates every round: the dapp page's own work, which
 * a contended machine's wall-clock `load` hides in noise.
 * @template {string} K
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin
 * @param {Record<K, string>} pages
 * @param {number} rate
 * @param {number} runs
 * @returns {Promise<Record<K, number[]>>}
 */
export async function pageLoadTraceRuns(browser, origin, pages, rate, runs) {
  const names = /** @type {K[]} */ (Object.keys(pages));
  const out = /** @type {Record<K, number[]>} */ (Object.fromEntries(names.map((name) => [name, []])));
  for (let run = 0; run < runs; run += 1) {
    for (const name of rotate(names, run)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await throttle(context, page, rate);
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      let buffer;
      try {
        await page.goto(`${origin}/${pages[name]}.html`);
      } finally {
        buffer = await browser.stopTracing();
        await context.close();
      }
      const events = JSON.parse(buffer.toString('utf8')).traceEvents;
      const pid = rendererOf(events, `${origin}/${pages[name]}.html`);
      const load = events.find((e) => e.pid === pid && e.name === 'MarkLoad');
      if (!load) throw new Error(`no load event of ${pages[name]}.html in the trace`);
      out[name].push(mainThreadBusy(events, pid, 0, load.ts).cpu);
    }
  }
  return out;
}
