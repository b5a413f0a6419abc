/**
 * Allowances in plain words, shared by the approval calls (`approve`, `increaseAllowance`,
 * Permit2 `approve`) and the permits in typed data: the amount ("Unlimited" at the type's
 * maximum), the expiry as a date, and the warnings a person needs before granting one
 * (issue 29 item 9). Pure.
 */

/** One allowance: the token contract, the amount in base units, its uint width, its expiry (unix seconds) if any. */
export type Allowance = { token: string; amount: bigint; bits: number; expiry: bigint | undefined };

/** From this amount on an allowance is shown and warned about as unlimited in practice (2^128 base units). */
export const NEAR_UNLIMITED = 2n ** 128n;

/** From this far ahead an expiry is warned about: one year, in seconds. */
export const FAR_EXPIRY_SECONDS = 365n * 24n * 60n * 60n;

/** Warning for an unlimited or near-unlimited amount. */
export const UNLIMITED_WARNING = 'Unlimited amount: the spender may move all of this token, now and later.';

/** Warning for an expiry more than a year ahead. */
export const FAR_EXPIRY_WARNING = 'Far expiry: this permission stays valid for more than a year.';

/** The largest date a JS Date holds, in unix seconds (8.64e15 ms). */
const MAX_DATE_SECONDS = 8_640_000_000_000n;

/** True when `amount` is the maximum of a `bits`-wide uint or at least {@link NEAR_UNLIMITED}. */
export function isUnlimited(amount: bigint, bits: number): boolean {
  return amount >= NEAR_UNLIMITED || amount === 2n ** BigInt(bits) - 1n;
}

/**
 * An amount: 'Unlimited' at the maximum of its `bits`-wide uint, `format(amount)` followed by
 * '(practically unlimited)' from {@link NEAR_UNLIMITED} on, else `format(amount)` (default: base units).
 */
export function allowanceLabel(
  amount: bigint,
  bits: number,
  format: (amount: bigint) => string = (raw) => `${raw} (token units)`,
): string {
  if (amount === 2n ** BigInt(bits) - 1n) return 'Unlimited';
  return amount >= NEAR_UNLIMITED ? `${format(amount)} (practically unlimited)` : format(amount);
}

/** An expiry in unix seconds as an ISO date (UTC), 'Never' past the last date a clock can show, 'Now' for 0. */
export function expiryLabel(seconds: bigint): string {
  if (seconds === 0n) return 'Now (0)';
  if (seconds > MAX_DATE_SECONDS) return `Never (${seconds})`;
  return new Date(Number(seconds) * 1000).toISOString();
}

/** True when `expiry` (unix seconds) is more than a year after `now` (unix seconds). */
export function isFarExpiry(expiry: bigint | undefined, now: number): boolean {
  return expiry !== undefined && expiry > BigInt(Math.floor(now)) + FAR_EXPIRY_SECONDS;
}

/** The warnings of one allowance: {@link UNLIMITED_WARNING} and {@link FAR_EXPIRY_WARNING} as they apply. */
export function allowanceWarnings(allowance: Allowance, now: number): string[] {
  return [
    ...(isUnlimited(allowance.amount, allowance.bits) ? [UNLIMITED_WARNING] : []),
    ...(isFarExpiry(allowance.expiry, now) ? [FAR_EXPIRY_WARNING] : []),
  ];
}
