/**
 * Money formatting for the Send and Account views: US dollars with 2 decimals, token
 * amounts with at most a few significant decimals.
 */

/** `1234.5` → `$1,234.50`; anything not finite → `$0.00`; below a cent but above 0 → `<$0.01`. */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) return '$0.00';
  if (value > 0 && value < 0.01) return '<$0.01';
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
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
