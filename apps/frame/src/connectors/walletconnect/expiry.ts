/**
 * Pairing expiry (spec §4 'Pairing expires after 4 minutes; counts as expired
 * with 10 s or less left', §9).
 */

/** Lifetime of a pairing URI, ms (4 minutes). */
export const PAIRING_TTL_MS = 4 * 60_000;

/** A pairing with this much time left or less counts as expired, ms (10 s). */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000;

/**
 * True when a pairing created at `createdAt` (ms epoch) counts as expired at
 * `now` (ms epoch): 10 s or less of its 4 minutes left. Pure.
 */
export function isPairingExpired(createdAt: number, now: number): boolean {
  return createdAt + PAIRING_TTL_MS - now <= PAIRING_EXPIRY_MARGIN_MS;
}
