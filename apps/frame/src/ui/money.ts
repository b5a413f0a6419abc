/**
 * Money formatting for the Send and Account views: US dollars with 2 decimals (in the
 * modal's language, `Intl.NumberFormat`), token amounts with at most a few significant decimals.
 */

/**
 * `1234.5` → `$1,234.50` (`1234,50 US$` in `es`); anything not finite → `$0.00`; below a
 * cent but above 0 → `<$0.01`. `locale`: BCP 47, default English (US).
 */
export function formatUsd(value: number, locale = 'en'): string {
  const usd = new Intl.NumberFormat(locale === 'en' ? 'en-US' : locale, { style: 'currency', currency: 'USD' });
  if (!Number.isFinite(value)) return usd.format(0);
  if (value > 0 && value < 0.01) return `<${usd.format(0.01)}`;
  return usd.format(value);
}

/**
 * A decimal string with at most `max` decimals after the first non-zero one, trailing zeros
 * dropped: '0.000021000000000000' → '0.000021', '9.999958' (max 4) → '9.9999', '5.' → '5'.
 * Truncates (never rounds up, so a shown fee is never above the real one by rounding).
 * Anything that is not a plain decimal is returned as it is.
 */
export function trimDecimals(amount: string, max = 6): string {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(amount);
  if (!match) return amount;
  const whole = (match[1] || '0').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  const firstDigit = fraction.search(/[1-9]/);
  const keep = whole !== '0' || firstDigit < 0 ? max : firstDigit + max;
  const cut = fraction.slice(0, keep).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : whole;
}

/**
 * A token amount for display: {@link trimDecimals} (at most `max` decimals after the first
 * non-zero one, truncated), then written in the modal's language (`locale`, BCP 47): its
 * digits and decimal sign, no grouping ('9999490,125' in `es`), exactly (Intl formats the
 * decimal string, no float). Anything that is not a plain decimal is returned as it is.
 */
export function formatTokenAmount(amount: string, locale = 'en', max = 6): string {
  const trimmed = trimDecimals(amount, max);
  if (locale === 'en' || !/^\d+(\.\d+)?$/.test(trimmed)) return trimmed;
  const decimals = trimmed.split('.')[1]?.length ?? 0;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(trimmed as unknown as number);
}
