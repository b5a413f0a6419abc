// The result table of `npm run bench` and of the benchmark scripts that also run alone
// (bench-relay.mjs, bench-solana-rpc.mjs): rows of [metric, value, notes].

/** @typedef {[string, string, string]} Row */

/**
 * A `metric(name, measure)` runner that records a failed measurement as a row
 * `[name, 'n/a', <first line of the error, at most 100 characters>]` instead of throwing. Each
 * measurement says its name on stderr as it starts, and one that runs longer than `timeoutMs` is
 * recorded as 'timed out' and left behind, so the bench always ends with its table (the measurement
 * itself is not cancelled: what it started ends with the bench).
 * @param {Row[]} rows the table the measurements push their rows to
 * @param {number} [timeoutMs] limit of one measurement, ms ({@link METRIC_TIMEOUT_MS})
 * @returns {(name: string, measure: () => Promise<void> | void) => Promise<void>}
 */
export function createMetric(rows, timeoutMs = METRIC_TIMEOUT_MS) {
  return async (name, measure) => {
    console.error(`[bench] ${name}…`);
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      await Promise.race([measure(), limit]);
    } catch (error) {
      rows.push([
        name,
        'n/a',
        String(error instanceof Error ? error.message : error)
          .split('\n')[0]
          .slice(0, 100),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** How long one metric may run before its row says 'n/a: timed out' and the bench goes on (ms). */
export const METRIC_TIMEOUT_MS = 300_000;

/**
 * Prints the rows as a Markdown table with a `metric | value | notes` header.
 * @param {Row[]} rows
 */
export function printTable(rows) {
  const header = /** @type {Row} */ (['metric', 'value', 'notes']);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length), header[i].length));
  const line = (/** @type {string[]} */ cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
