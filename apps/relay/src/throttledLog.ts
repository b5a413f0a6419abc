/**
 * Rate-limited logging for refusals, so that a flood does not flood the log: per kind of event at
 * most one line per interval; the next line printed for that kind says how many were left out.
 */

/** Logs `line` under `kind` unless a line of that kind was logged less than the interval ago. */
export type ThrottledLog = (kind: string, line: string) => void;

/**
 * Wraps `log`: the first event of a kind is logged, then at most one per `intervalMs` (default
 * 10 s), suffixed with `(N similar suppressed)` when some were left out. `now` is ms since the epoch.
 */
export function createThrottledLog(
  log: (line: string) => void,
  options: { now: () => number; intervalMs?: number },
): ThrottledLog {
  const intervalMs = options.intervalMs ?? 10_000;
  const state = new Map<string, { lastAt: number; suppressed: number }>();
  return (kind, line) => {
    const now = options.now();
    const entry = state.get(kind);
    if (entry && now - entry.lastAt < intervalMs) {
      entry.suppressed++;
      return;
    }
    const suffix = entry && entry.suppressed > 0 ? ` (${entry.suppressed} similar suppressed)` : '';
    state.set(kind, { lastAt: now, suppressed: 0 });
    log(`${line}${suffix}`);
  };
}
