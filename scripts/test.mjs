// `npm test`: every check and test suite of the repo, in order, with one closing line
// `N passed, N failed`, the line CI reads. Exit code 1 when anything failed.
//
// Steps: protocol doc check, lint and format (Biome), import cycles (dpdm: runtime imports, and
// type imports too, everywhere), namespace branches outside namespaces/ (a ceiling that only goes
// down), i18n check, typecheck, builds, size budgets (host script, frame initial JS), vitest (and the
// API suite again on PostgreSQL when one is given), Playwright (in shards of about equal measured
// time: scripts/e2e-shards.mjs).
// A check counts as one test. Vitest and Playwright are counted from their JSON reports.
// Every step runs even when an earlier one failed, so one run shows everything.

import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { listSpecs, playwrightFilters, readDurations, splitSpecs } from './e2e-shards.mjs';
import { playwrightFailures, readReport, vitestFailures } from './test-reports.mjs';
import { ROOT } from './stack.mjs';

const OUT = join(ROOT, '.airlock');
// Per-process report files: two runs on a shared machine must not read each other's.
const VITEST_JSON = join(OUT, `vitest-report-${process.pid}.json`);
const PLAYWRIGHT_JSON = join(OUT, `playwright-report-${process.pid}.json`);
const BIN = join(ROOT, 'node_modules/.bin');

/** Totals across the run. */
const totals = { passed: 0, failed: 0 };
/** @type {string[]} One summary line per step, printed before the closing line. */
const summary = [];

/**
 * Runs a command with inherited stdio, or with its output written to `logFile`.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @param {string} [logFile] stdout and stderr go to this file instead of the terminal
 * @returns {Promise<number>} exit code (1 when killed by a signal or not startable)
 */
function run(command, args, env = process.env, logFile) {
  return new Promise((done) => {
    const out = logFile === undefined ? 'inherit' : openSync(logFile, 'w');
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
    const close = () => typeof out === 'number' && closeSync(out);
    child.on('error', (error) => {
      close();
      console.error(`[test] cannot run ${command}: ${error.message}`);
      done(1);
    });
    child.on('exit', (code) => {
      close();
      done(code ?? 1);
    });
  });
}

/** @param {string} title */
function banner(title) {
  console.log(`\n━━━ ${title} ━━━`);
}

/**
 * A check: one command, one test. With `log`, its output goes to that file (printed by
 * {@link record} under its banner); otherwise to the terminal as it runs.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, log?: string }} [options]
 * @returns {Promise<{ name: string, code: number, log?: string }>}
 */
async function check(name, command, args, { env, log } = {}) {
  if (!log) banner(name);
  const code = await run(command, args, env, log);
  return { name, code, log };
}

/**
 * Counts a finished check and adds its summary line; prints its logged output first, if any.
 * @param {{ name: string, code: number, log?: string }} result
 */
function record({ name, code, log }) {
  if (log) {
    banner(name);
    try {
      process.stdout.write(readFileSync(log, 'utf8'));
    } catch {}
    rmSync(log, { force: true });
  }
  if (code === 0) totals.passed += 1;
  else totals.failed += 1;
  summary.push(`${code === 0 ? 'passed ' : 'FAILED '}  ${name}`);
}

/**
 * Runs checks one after the other, recording each as it ends.
 * @param {[string, string, string[], { env?: NodeJS.ProcessEnv, log?: string }?][]} steps
 */
async function checks(steps) {
  for (const [name, command, args, options] of steps) record(await check(name, command, args, options));
}

/**
 * Adds a suite's counts; a suite that failed without a readable report counts as one failure.
 * The failed tests' lines (`failures`) are printed under the suite's summary line, so the summary
 * alone says what failed.
 * @param {string} name
 * @param {number} code exit code
 * @param {{ passed: number, failed: number } | undefined} counts
 * @param {string[]} [failures]
 */
function addSuite(name, code, counts, failures = []) {
  if (!counts) {
    totals.failed += 1;
    summary.push(`FAILED   ${name}: no report (exit ${code})`);
    return;
  }
  let { passed, failed } = counts;
  // A non-zero exit with no failed test (global setup error, unhandled error): one failure.
  if (code !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  summary.push(`${failed === 0 ? 'passed ' : 'FAILED '}  ${name}: ${passed} passed, ${failed} failed`);
  for (const line of failures.slice(0, 10)) summary.push(`           ✘ ${line.slice(0, 300)}`);
}

/**
 * The API test suite a second time against a real PostgreSQL: `AIRLOCK_TEST_DATABASE_URL`
 * (set by `.ci/run`, which starts a Debian PostgreSQL) or `DATABASE_URL`, passed to the tests as
 * `DATABASE_URL` (each test file creates its own database there). Without either it is skipped
 * with a notice: outside CI no PostgreSQL server is assumed. In CI (`CI` set, as `.ci/run` does) a
 * missing PostgreSQL counts as one failure: the tests of limits, nonces and one-time codes prove
 * little on PGlite alone, which runs one statement at a time and hides races.
 */
async function apiOnPostgres() {
  const name = 'API tests on PostgreSQL (vitest apps/api, DATABASE_URL)';
  banner(name);
  const url = process.env.AIRLOCK_TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url && process.env.CI) {
    console.error(
      '[test] no PostgreSQL in CI (AIRLOCK_TEST_DATABASE_URL or DATABASE_URL): .ci/postgres.sh did not start one',
    );
    totals.failed += 1;
    summary.push(`FAILED   ${name}: no PostgreSQL in CI`);
    return;
  }
  if (!url) {
    console.log('[test] skipped: no PostgreSQL (set AIRLOCK_TEST_DATABASE_URL or DATABASE_URL; .ci/run starts one)');
    summary.push(`skipped  ${name} (no PostgreSQL)`);
    return;
  }
  const report = join(OUT, `vitest-api-pg-${process.pid}.json`);
  rmSync(report, { force: true });
  const code = await run(
    join(BIN, 'vitest'),
    ['run', 'apps/api', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      ...process.env,
      DATABASE_URL: url,
    },
  );
  const json = readReport(report);
  rmSync(report, { force: true });
  addSuite(
    'vitest apps/api on PostgreSQL',
    code,
    json && { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0 },
    vitestFailures(json),
  );
}

/**
 * The Playwright suite, split into shards that run side by side, each against its own stack
 * (its ports moved by `AIRLOCK_PORT_OFFSET`, 1000 per shard): the specs mostly wait on chains,
 * relays and timers, so two shards use a second core that one leaves idle. `AIRLOCK_E2E_SHARDS`
 * sets the count (default 2 with at least 2 cores, else 1). The spec files are split by their
 * measured running time (scripts/e2e-shards.mjs, table scripts/e2e-durations.json), and each
 * shard runs `playwright test <its files…>`. A run with explicit `AIRLOCK_*_PORT` overrides uses
 * one shard unless `AIRLOCK_E2E_SHARDS` is set too: then shard N (from 2) moves each given port up
 * by 1000 × (N − 1). Shard 1 prints as it runs; the others' output is printed when they end.
 * Each shard's summary line gives its wall time.
 * @param {NodeJS.ProcessEnv} env
 */
async function endToEnd(env) {
  banner('end-to-end tests (Playwright, Chromium)');
  const pinned = Object.keys(env).filter((k) => /^AIRLOCK_[A-Z_]+_PORT$/.test(k));
  const wanted = Number(env.AIRLOCK_E2E_SHARDS ?? (pinned.length || availableParallelism() < 2 ? 1 : 2));
  const count = !Number.isInteger(wanted) || wanted < 1 ? 1 : Math.min(wanted, 4);
  const split = count === 1 ? [] : splitSpecs(listSpecs(), readDurations(), count);
  if (count > 1) {
    for (const [i, shard] of split.entries()) {
      console.log(
        `[test] shard ${i + 1}/${count}: ${shard.files.length} spec files, ~${Math.round(shard.seconds)} s measured`,
      );
    }
  }
  const shards = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const report = count === 1 ? PLAYWRIGHT_JSON : `${PLAYWRIGHT_JSON}.${i + 1}`;
      const log = i === 0 ? undefined : join(OUT, `playwright-shard-${i + 1}-${process.pid}.log`);
      rmSync(report, { force: true });
      const shardEnv = { ...env, AIRLOCK_PLAYWRIGHT_JSON: report, AIRLOCK_E2E_RUN: `${process.pid}-${i + 1}` };
      if (i > 0) {
        shardEnv.AIRLOCK_PORT_OFFSET = String(1000 * i);
        for (const key of pinned) shardEnv[key] = String(Number(env[key]) + 1000 * i);
      }
      if (count > 1 && split[i].files.length === 0) return { code: 0, report, log: undefined, ms: 0, empty: true };
      const args = count === 1 ? ['test'] : ['test', ...playwrightFilters(split[i].files)];
      const started = Date.now();
      const code = await run(join(BIN, 'playwright'), args, shardEnv, log);
      return { code, report, log, ms: Date.now() - started, empty: false };
    }),
  );
  for (const [i, { code, report, log, ms, empty }] of shards.entries()) {
    if (empty) continue;
    if (log) {
      banner(`end-to-end tests, shard ${i + 1} of ${count}`);
      try {
        console.log(readFileSync(log, 'utf8'));
      } catch {}
      rmSync(log, { force: true });
    }
    const playwright = readReport(report);
    rmSync(report, { force: true });
    const stats = playwright?.stats;
    const name = `${count === 1 ? 'playwright' : `playwright shard ${i + 1}/${count}`} (${(ms / 60_000).toFixed(1)} min)`;
    addSuite(
      name,
      code,
      stats && { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0 },
      playwrightFailures(playwright),
    );
    if (playwright?.errors?.length && stats && stats.unexpected === 0 && code === 0) {
      // Errors outside tests (global setup) with exit 0 should not happen; count them anyway.
      totals.failed += 1;
      summary.push(`FAILED   ${name}: errors outside tests`);
    }
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const buildEnv = { ...process.env };
  // The frame's allowed origins: the dev default (docs/integration.md), which the e2e specs rely on.
  delete buildEnv.VITE_AIRLOCK_ALLOWED_ORIGINS;

  // Two lanes side by side: the static checks (tsc and dpdm use one core each) print as they run;
  // the builds, the budgets and the packing (which need the builds) write logs, printed after.
  const lane = (/** @type {string} */ name) => join(OUT, `check-${name}-${process.pid}.log`);
  const builds = (async () => {
    /** @type {{ name: string, code: number, log?: string }[]} */
    const results = [];
    for (const [name, workspace] of /** @type {const} */ ([
      ['build host-sdk', '@airlock/host-sdk'],
      ['build frame', '@airlock/frame'],
      ['build demo-dapp', '@airlock/demo-dapp'],
      ['build dev-wallet', '@airlock/dev-wallet'],
      ['build secure-frame', '@airlock/secure-frame'],
    ])) {
      results.push(
        await check(name, 'npm', ['run', 'build', '-w', workspace], {
          env: buildEnv,
          log: lane(workspace.replace('@airlock/', '')),
        }),
      );
    }
    results.push(
      await check(
        'size budgets: host script, frame initial JS (scripts/check-budget.mjs)',
        process.execPath,
        ['scripts/check-budget.mjs'],
        { log: lane('budget') },
      ),
    );
    results.push(
      await check(
        'pack and install the packages outside the repo (scripts/pack-test.mjs)',
        process.execPath,
        ['scripts/pack-test.mjs'],
        { log: lane('pack') },
      ),
    );
    return results;
  })();
  await checks([
    [
      'protocol doc check (PROTOCOL.md matches the schemas)',
      join(BIN, 'tsx'),
      ['packages/protocol/scripts/generate-protocol-md.ts', '--check'],
    ],
    ['lint and format (biome ci)', join(BIN, 'biome'), ['ci', '--reporter=summary', '.']],
    [
      'no import cycles (dpdm)',
      join(BIN, 'dpdm'),
      [
        '--transform', // type-only imports are erased at build time, so they cannot form a runtime cycle
        '--no-tree',
        '--no-warning',
        '--exit-code',
        'circular:1',
        'apps/*/src/**/*.ts',
        'apps/*/src/**/*.tsx',
        'packages/*/src/**/*.ts',
      ],
    ],
    // Type imports too, everywhere: a type-level circle is a layering knot (the frame's `store/` at
    // the bottom, `app/` on top; docs/architecture.md; the API's options and database type in
    // files of their own) even when the build erases it.
    [
      'no import cycles, type imports included (dpdm)',
      join(BIN, 'dpdm'),
      [
        '--no-tree',
        '--no-warning',
        '--exit-code',
        'circular:1',
        '--exclude',
        'node_modules',
        'apps/*/src/**/*.{ts,tsx}',
        'packages/*/src/**/*.{ts,tsx}',
      ],
    ],
    [
      'no new branch on a namespace name outside namespaces/ (scripts/check-namespace-branches.mjs)',
      'node',
      ['scripts/check-namespace-branches.mjs'],
    ],
    [
      'i18n: frame strings translated, catalogs complete (npm run i18n:check)',
      join(BIN, 'tsx'),
      ['scripts/i18n-check.mjs'],
    ],
    ['typecheck (tsc -p tsconfig.json --noEmit)', join(BIN, 'tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ]);
  for (const result of await builds) record(result);

  banner('unit tests (vitest)');
  rmSync(VITEST_JSON, { force: true });
  // The API suite runs on embedded PGlite here; its PostgreSQL run comes next.
  const pgliteEnv = { ...process.env };
  delete pgliteEnv.DATABASE_URL;
  const vitestCode = await run(
    join(BIN, 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_JSON}`],
    pgliteEnv,
  );
  const vitest = readReport(VITEST_JSON);
  rmSync(VITEST_JSON, { force: true });
  addSuite(
    'vitest',
    vitestCode,
    vitest && { passed: vitest.numPassedTests ?? 0, failed: vitest.numFailedTests ?? 0 },
    vitestFailures(vitest),
  );

  await apiOnPostgres();

  await endToEnd(buildEnv);

  banner('summary');
  for (const line of summary) console.log(line);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exitCode = totals.failed === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  console.log(`${totals.passed} passed, ${totals.failed + 1} failed`);
  process.exitCode = 1;
});
