import { describe, expect, it } from 'vitest';
import { formatAbsoluteTime, formatMonth, formatRelativeTime } from './time.ts';

const now = Date.parse('2026-03-10T12:00:00Z');

describe('activity times (local, relative when recent)', () => {
  it('is relative for the last week', () => {
    expect(formatRelativeTime(now - 20_000, now)).toBe('just now');
    expect(formatRelativeTime(now + 5_000, now)).toBe('just now');
    expect(formatRelativeTime(now - 2 * 60_000, now)).toBe('2 min ago');
    expect(formatRelativeTime(now - 5 * 3_600_000 - 1, now)).toBe('5 h ago');
    expect(formatRelativeTime(now - 3 * 86_400_000, now)).toBe('3 d ago');
  });

  it('is the local date and time beyond a week, with the year when it is another year', () => {
    const at = now - 30 * 86_400_000;
    const local = new Date(at);
    const text = formatRelativeTime(at, now);
    expect(text).toContain(String(local.getDate()));
    expect(text).toContain(local.toLocaleString('en-US', { hour: 'numeric', minute: '2-digit' }));
    expect(formatRelativeTime(Date.parse('2024-06-01T08:00:00Z'), now)).toContain('2024');
  });

  it('gives the full local time with the zone for the tooltip, and nothing for an invalid time', () => {
    const at = now - 2 * 60_000;
    expect(formatAbsoluteTime(at)).toContain(new Date(at).toLocaleString('en-US', { timeStyle: 'short' }));
    expect(formatRelativeTime(Number.NaN, now)).toBe('');
    expect(formatAbsoluteTime(Number.NaN)).toBe('');
  });
});

describe('activity times in the modal language', () => {
  it('uses Intl.RelativeTimeFormat outside English', () => {
    const relative = new Intl.RelativeTimeFormat('es', { style: 'short', numeric: 'auto' });
    expect(formatRelativeTime(now - 2 * 60_000, now, 'es')).toBe(relative.format(-2, 'minute'));
    expect(formatRelativeTime(now - 2 * 60_000, now, 'es')).toMatch(/^hace 2 min/);
    expect(formatRelativeTime(now - 10_000, now, 'es')).toBe(relative.format(0, 'second'));
    expect(formatRelativeTime(now - 3 * 86_400_000, now, 'ar')).not.toBe('3 d ago');
  });

  it('names the month of an activity group in the language', () => {
    expect(formatMonth('2026-03', 'en')).toBe('March 2026');
    expect(formatMonth('2026-03', 'es')).toMatch(/marzo/);
    expect(formatMonth('unknown', 'es')).toBe('');
  });
});
