// The result table of `npm run bench` and of the benchmark scripts that also run alone
// (bench-relay.mjs, bench-solana-rpc.mjs): rows of [metric, value, notes].

/** @typedef {[string, string, string]} Row */

/**
 * A `metric(name, measure)` runner that records a failed measurement as a row
 * `[name, 'n/a', <first line of the error, at most 100 characters>]` instead of throwing.
 * @param {Row[]} rows the table the measurements push their rows to
 * @returns {(name: string, measure: () => Promise<void> | void) => Promise<void>}
 */
export function createMetric(rows) {
  return async (name, measure) => {
    try {
      await measure();
    } catch (error) {
      rows.push([
        name,
        'n/a',
        String(error instanceof Error ? error.message : error)
          .split('\n')[0]
          .slice(0, 100),
      ]);
    }
  };
}

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
