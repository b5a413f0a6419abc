/**
 * Activity times in the visitor's own time zone: relative for recent items
 * ('just now', '2 min ago', '5 h ago', '3 d ago'), a local date and time beyond a week,
 * and the full local date, time and zone for a tooltip. `locale` is the modal's language
 * (BCP 47, default English): other languages get `Intl.RelativeTimeFormat` and
 * `Intl.DateTimeFormat` texts ('hace 2 min', 'قبل ٥ ساعات').
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
export function formatRelativeTime(at: number, now: number = Date.now(), locale = 'en'): string {
  if (!Number.isFinite(at)) return '';
  const age = now - at;
  if (age < 7 * DAY && !isEnglish(locale)) {
    const relative = new Intl.RelativeTimeFormat(locale, { style: 'short', numeric: 'auto' });
    if (age < MINUTE) return relative.format(0, 'second');
    if (age < HOUR) return relative.format(-Math.floor(age / MINUTE), 'minute');
    if (age < DAY) return relative.format(-Math.floor(age / HOUR), 'hour');
    return relative.format(-Math.floor(age / DAY), 'day');
  }
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  if (age < 7 * DAY) return `${Math.floor(age / DAY)} d ago`;
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return new Date(at).toLocaleString(intlLocale(locale), {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The full local date and time of `at` (ms) with the time zone, for a tooltip ('Jan 12, 2026, 2:05 PM GMT+1'); '' when invalid. */
export function formatAbsoluteTime(at: number, locale = 'en'): string {
  if (!Number.isFinite(at)) return '';
  return (
    new Date(at).toLocaleString(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }) +
    ` ${zoneName(at, locale)}`.trimEnd()
  );
}

/**
 * The month of an activity group key `YYYY-MM` (a month of the visitor's time zone, api/activity.ts) in `locale`: '2026-03' → 'March 2026',
 * 'marzo de 2026'; '' for anything else (e.g. the 'unknown' group).
 */
export function formatMonth(key: string, locale = 'en'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return date.toLocaleString(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** English is US English ('Jan 12, 2:05 PM'); other tags go to `Intl` as they are. */
function intlLocale(locale: string): string {
  return isEnglish(locale) ? 'en-US' : locale;
}

function isEnglish(locale: string): boolean {
  return locale === 'en' || locale.toLowerCase().startsWith('en-');
}

/** The short name of the visitor's time zone at `at` ('GMT+1', 'PST'), '' when the runtime has none. */
function zoneName(at: number, locale: string): string {
  const part = new Intl.DateTimeFormat(intlLocale(locale), { timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}
