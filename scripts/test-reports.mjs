// What scripts/test.mjs reads from the test runners' JSON reports: the report itself, and one
// line per failed test (file, title, the error's first line) for the run's summary.

import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * Reads a JSON report; undefined when missing or unreadable.
 * @param {string} file
 * @returns {any}
 */
export function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The failed tests of a Vitest JSON report, one line each: file, test name, the error's first line.
 * @param {any} report
 * @returns {string[]}
 */
export function vitestFailures(report) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const error = String(test.failureMessages?.[0] ?? '').split('\n')[0];
      lines.push(`${relative(process.cwd(), file.name ?? '')} › ${test.fullName ?? test.title}: ${error}`);
    }
  }
  return lines;
}

/**
 * The failed (unexpected or flaky) tests of a Playwright JSON report, one line each: file:line,
 * title, the error's first line.
 * @param {any} report
 * @returns {string[]}
 */
export function playwrightFailures(report) {
  const lines = [];
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failed = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        const error = String(failed?.error?.message ?? failed?.status ?? '')
          .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
          .split('\n')[0];
        lines.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} (${test.status}): ${error}`);
      }
    }
    // A file's suite is titled with its path (already in `spec.file`); describe blocks add their titles.
    for (const child of suite.suites ?? []) walk(child, child.file === child.title ? titles : [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return lines;
}
