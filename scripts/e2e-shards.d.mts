/** The Playwright spec folder (`e2e/`), absolute. */
export const E2E_DIR: string;
/** The checked-in table of seconds per spec file (`scripts/e2e-durations.json`), absolute. */
export const DURATIONS_FILE: string;
/** One shard: its spec files (relative to `e2e/`, name order) and its estimated seconds. */
export type Shard = { files: string[]; seconds: number };
/** Every `*.spec.ts` under `dir` (default `e2e/`), relative, `/`-separated, sorted. */
export function listSpecs(dir?: string): string[];
/** The durations table (seconds per spec file); empty when missing or unreadable. */
export function readDurations(file?: string): Record<string, number>;
/** Spec files that run in the first shard (the one on the unshifted e2e ports, for which the pack step builds the examples). */
export const FIRST_SHARD: string[];
/**
 * `count` shards of about equal estimated seconds (greedy, longest first); a file missing from
 * `seconds` counts as the average of the known ones; `first` (default {@link FIRST_SHARD}) goes to
 * the first shard before the split. Every file lands in exactly one shard.
 * @throws {RangeError} when `count` is not an integer ≥ 1
 */
export function splitSpecs(files: string[], seconds: Record<string, number>, count: number, first?: string[]): Shard[];
/** Playwright CLI filters (escaped, anchored regular expressions) matching exactly these files. */
export function playwrightFilters(files: string[]): string[];
/** Seconds per spec file (relative to `e2e/`) from a parsed Playwright JSON report. */
export function durationsFromReport(report: unknown): Record<string, number>;
