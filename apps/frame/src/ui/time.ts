/**
 * Activity times in the visitor's own time zone: relative for recent items
 * ('just now', '2 min ago', '5 h ago', '3 d ago'), a local date and time beyond a week,
 * and the full local date, time and zone for a tooltip.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The short text of a moment `at` (ms since the epoch) seen at `now` (ms): 'just now'
 * under a minute (and for a moment in the future, a clock skew), 'N min ago' under an
 * hour, 'N h ago' under a day, 'N d ago' under a week, else the local date and time
 * ('Jan 12, 2:05 PM', with the year when it is not this year's). Pure, never throws;
 * an invalid `at` gives ''.
 */
export function formatRelativeTime(at: number, now: number = Date.now()): string {
  if (!Number.isFinite(at)) return '';
  const age = now - at;
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  if (age < 7 * DAY) return `${Math.floor(age / DAY)} d ago`;
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return new Date(at).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The full local date and time of `at` (ms) with the time zone, for a tooltip ('Jan 12, 2026, 2:05 PM GMT+1'); '' when invalid. */
export function formatAbsoluteTime(at: number): string {
  if (!Number.isFinite(at)) return '';
  return (
    new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) + ` ${zoneName(at)}`.trimEnd()
  );
}

/** The short name of the visitor's time zone at `at` ('GMT+1', 'PST'), '' when the runtime has none. */
function zoneName(at: number): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}
