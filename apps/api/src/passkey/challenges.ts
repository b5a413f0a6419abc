import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ApiError } from '../http/errors.ts';
import type { EmbeddedDeps } from '../embedded/context.ts';
import { randomToken } from '../embedded/secrets.ts';
import { embeddedPasskeyChallenges, type PasskeyPurpose } from './tables.ts';

/** How long a passkey challenge can be answered (ms): 5 minutes. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/** Messages of a refused challenge. */
export const PasskeyChallengeMessage = {
  /** Unknown, expired or already answered (a replayed assertion lands here). */
  Spent: 'This passkey request expired or was already used. Please try again',
  /** Another device key than the one that asked for the challenge. */
  OtherDevice: 'This passkey request was started by another device',
} as const;

/**
 * The challenge bytes of device key `jkt`: 16 random bytes, then SHA-256 of the key's JWK
 * thumbprint (RFC 7638), base64url. The authenticator signs them inside `clientDataJSON`, so an
 * assertion names the device key it was made for, as a social login's ID token `nonce` does.
 */
export function challengeFor(jkt: string): string {
  return Buffer.concat([randomBytes(16), createHash('sha256').update(jkt).digest()]).toString('base64url');
}

/** A stored challenge. */
export type PasskeyChallenge = typeof embeddedPasskeyChallenges.$inferSelect;

/** Stores a new challenge for `purpose`, bound to `jkt`. @returns its id and bytes (base64url). */
export async function issueChallenge(
  deps: EmbeddedDeps,
  input: { purpose: PasskeyPurpose; jkt: string; accountId?: string; projectId?: string; dappOrigin?: string },
): Promise<{ challengeId: string; challenge: string }> {
  const now = deps.now();
  // Answered or expired challenges are dead weight: drop the expired ones as new ones come.
  await deps.db.delete(embeddedPasskeyChallenges).where(lt(embeddedPasskeyChallenges.expiresAt, now));
  const challengeId = randomToken(16);
  const challenge = challengeFor(input.jkt);
  await deps.db.insert(embeddedPasskeyChallenges).values({
    id: challengeId,
    challenge,
    purpose: input.purpose,
    jkt: input.jkt,
    accountId: input.accountId ?? null,
    projectId: input.projectId ?? null,
    dappOrigin: input.dappOrigin ?? null,
    expiresAt: now + PASSKEY_CHALLENGE_TTL_MS,
    createdAt: now,
  });
  return { challengeId, challenge };
}

/**
 * Takes challenge `challengeId` for `purpose` once, for device key `jkt`: one
 * `UPDATE … SET used_at WHERE used_at IS NULL AND jkt = … AND expires_at > now RETURNING`, so
 * of two answers sent together (or one replayed) exactly one gets it, on every instance over the
 * same database. A challenge is spent before its answer is verified: a wrong answer spends it too.
 * Another device key leaves it to its owner.
 * @throws ApiError 403 another device key; 400 unknown, expired or already used
 */
export async function takeChallenge(
  deps: EmbeddedDeps,
  challengeId: string,
  purpose: PasskeyPurpose,
  jkt: string,
): Promise<PasskeyChallenge> {
  const now = deps.now();
  const [taken] = await deps.db
    .update(embeddedPasskeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(embeddedPasskeyChallenges.id, challengeId),
        eq(embeddedPasskeyChallenges.purpose, purpose),
        eq(embeddedPasskeyChallenges.jkt, jkt),
        isNull(embeddedPasskeyChallenges.usedAt),
        gt(embeddedPasskeyChallenges.expiresAt, now),
      ),
    )
    .returning();
  if (taken) return taken;
  const [other] = await deps.db
    .select({ jkt: embeddedPasskeyChallenges.jkt })
    .from(embeddedPasskeyChallenges)
    .where(eq(embeddedPasskeyChallenges.id, challengeId))
    .limit(1);
  if (other && other.jkt !== jkt) throw new ApiError(403, PasskeyChallengeMessage.OtherDevice);
  throw new ApiError(400, PasskeyChallengeMessage.Spent);
}
