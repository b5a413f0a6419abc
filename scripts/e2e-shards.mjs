// The Playwright spec files split into shards of about equal running time, for `npm test`
// (scripts/test.mjs runs each shard as `playwright test <its files…>` against its own stack).
//
// Playwright's own `--shard` splits by test count in file order, so the slow specs (email logins,
// WalletConnect pairings) pile up in one shard. Here instead:
// - `scripts/e2e-durations.json` is a checked-in table: seconds per spec file, measured from a
//   Playwright JSON report of a full run (`node scripts/e2e-shards.mjs --update <report.json>`
//   rewrites it; do that when specs were added or got much slower or faster).
// - Every `*.spec.ts` under `e2e/` is listed from disk; a file missing from the table counts as the
//   table's average, and a table entry without a file is ignored: a new spec always runs, in
//   exactly one shard, before the table knows it.
// - Greedy split (longest first, each file to the shard with the least time so far; ties by name,
//   so the split is the same on every machine). Each shard keeps its files in name order.
// - {@link FIRST_SHARD} files go to the first shard before the split: the pack step builds the
//   examples for the first stack's ports, and any other shard would have to build them again
//   (minutes on a loaded machine) before its first test.
//
// `node scripts/e2e-shards.mjs [count]` prints the split with each shard's estimated seconds.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The spec folder, as Playwright's `testDir`. */
export const E2E_DIR = join(ROOT, 'e2e');
/** The checked-in table of seconds per spec file (paths relative to `e2e/`, `/`-separated). */
export const DURATIONS_FILE = join(ROOT, 'scripts/e2e-durations.json');

/**
 * Every spec file under `dir` (Playwright's `testMatch: '**\/*.spec.ts'`), as paths relative to
 * `dir` with `/` separators, sorted.
 * @param {string} [dir] defaults to `e2e/`
 * @returns {string[]}
 */
export function listSpecs(dir = E2E_DIR) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.spec.ts') && !file.split(sep).includes('node_modules'))
    .map((file) => file.split(sep).join('/'))
    .sort();
}

/**
 * Reads the durations table.
 * @param {string} [file] defaults to `scripts/e2e-durations.json`
 * @returns {Record<string, number>} seconds per spec file; empty when the file is missing or unreadable
 */
export function readDurations(file = DURATIONS_FILE) {
  try {
    const table = JSON.parse(readFileSync(file, 'utf8'));
    return Object.fromEntries(
      Object.entries(table).filter(
        ([, seconds]) => typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0,
      ),
    );
  } catch {
    return {};
  }
}

/** Spec files that run in the first shard (the one on the unshifted e2e ports): see the header. */
export const FIRST_SHARD = ['examples.spec.ts'];

/**
 * Splits spec files into `count` shards of about equal estimated time (greedy, longest first).
 * @param {string[]} files spec files (relative to `e2e/`); duplicates are kept once
 * @param {Record<string, number>} seconds measured seconds per file; a file missing here counts as
 *   the average of the known files among `files` (1 s when none is known)
 * @param {number} count number of shards, an integer ≥ 1
 * @param {string[]} [first] files placed in the first shard before the others are split (default
 *   {@link FIRST_SHARD}; those not among `files` are ignored)
 * @returns {{ files: string[], seconds: number }[]} `count` shards (some empty when there are fewer
 *   files than shards), each with its files in name order and its estimated seconds; every file is
 *   in exactly one shard
 * @throws {RangeError} when `count` is not an integer ≥ 1
 */
export function splitSpecs(files, seconds, count, first = FIRST_SHARD) {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`shard count must be an integer ≥ 1, got ${count}`);
  const unique = [...new Set(files)];
  const known = unique.filter((file) => Object.hasOwn(seconds, file)).map((file) => seconds[file]);
  const average = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const cost = (/** @type {string} */ file) => (Object.hasOwn(seconds, file) ? seconds[file] : average);
  const order = unique.sort((a, b) => cost(b) - cost(a) || (a < b ? -1 : a > b ? 1 : 0));
  const shards = Array.from({ length: count }, () => ({ files: /** @type {string[]} */ ([]), seconds: 0 }));
  for (const file of order.filter((f) => first.includes(f))) {
    shards[0].files.push(file);
    shards[0].seconds += cost(file);
  }
  for (const file of order.filter((f) => !first.includes(f))) {
    // The first of the least loaded shards: deterministic.
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.files.push(file);
    lightest.seconds += cost(file);
  }
  for (const shard of shards) {
    shard.files.sort();
    shard.seconds = Math.round(shard.seconds * 10) / 10;
  }
  return shards;
}

/**
 * Playwright CLI filters for exactly these files: its positional arguments are regular expressions
 * matched against the file path, so `e2e/theme.spec.ts` would also pick up e.g. `e2e/xtheme.spec.ts`
 * unescaped; escaped and anchored after the `e2e/` folder each matches one file.
 * @param {string[]} files spec files relative to `e2e/`
 * @returns {string[]}
 */
export function playwrightFilters(files) {
  return files.map((file) => `e2e/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * Seconds per spec file from a Playwright JSON report (the sum of its test results' durations,
 * retries included), with paths relative to `e2e/`.
 * @param {any} report a parsed Playwright JSON report
 * @returns {Record<string, number>} rounded to 0.1 s, sorted by file
 */
export function durationsFromReport(report) {
  /** @type {Record<string, number>} */
  const totals = {};
  /** @param {any} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = String(spec.file).split(sep).join('/');
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) totals[file] = (totals[file] ?? 0) + (result.duration ?? 0) / 1000;
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return Object.fromEntries(
    Object.keys(totals)
      .sort()
      .map((file) => [file, Math.round(totals[file] * 10) / 10]),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [arg, reportFile] = process.argv.slice(2);
  if (arg === '--update') {
    if (!reportFile) throw new Error('usage: node scripts/e2e-shards.mjs --update <playwright-report.json>');
    const table = durationsFromReport(JSON.parse(readFileSync(reportFile, 'utf8')));
    writeFileSync(DURATIONS_FILE, `${JSON.stringify(table, null, 2)}\n`);
    console.log(`[e2e-shards] ${Object.keys(table).length} spec files → ${relative(ROOT, DURATIONS_FILE)}`);
  } else {
    const count = Number(arg ?? 2);
    for (const [i, shard] of splitSpecs(listSpecs(), readDurations(), count).entries()) {
      console.log(`shard ${i + 1}/${count}: ~${Math.round(shard.seconds)} s, ${shard.files.length} files`);
      for (const file of shard.files) console.log(`  ${file}`);
    }
  }
}
