import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { loginError, LoginErrorText } from '@airlock/protocol';
import { ApiError } from '../http/errors.ts';
import { CODE_RULES } from './config.ts';
import { EMBEDDED_LIMITS, enforceCooldown, limit, type EmbeddedDeps } from './context.ts';
import { codeMatches, hashCode, newCode, randomToken } from './secrets.ts';
import { embeddedCodes, type CodePurpose } from './tables.ts';

/** Messages of a refused code (shown by the widget frame as they are). */
export const CodeMessage = {
  Invalid: LoginErrorText.InvalidCode,
  Expired: LoginErrorText.CodeExpired,
  TooManyAttempts: LoginErrorText.TooManyAttempts,
} as const;

/** A refused code: 400 with the English message and its login message key (`error.Login<name>`). */
function refused(name: 'InvalidCode' | 'CodeExpired' | 'TooManyAttempts'): ApiError {
  return new ApiError(400, LoginErrorText[name], {}, loginError(name));
}

/**
 * Creates a code for `purpose` to `email`, bound to the device key `jkt`, and
 * mails it with `compose`. Enforces the 30 s cool-down per (address, purpose)
 * first. The code itself is kept only in the mail; the row holds its HMAC.
 * @throws ApiError 429 'Please try again after N seconds'; 502 when the mail cannot be sent (the row is removed).
 */
export async function issueCode(
  deps: EmbeddedDeps,
  input: { purpose: CodePurpose; email: string; jkt: string; accountId?: string; newEmail?: string },
  compose: (code: string) => { subject: string; text: string },
): Promise<void> {
  const [last] = await deps.db
    .select({ createdAt: embeddedCodes.createdAt })
    .from(embeddedCodes)
    .where(and(eq(embeddedCodes.email, input.email), eq(embeddedCodes.purpose, input.purpose)))
    .orderBy(desc(embeddedCodes.createdAt))
    .limit(1);
  enforceCooldown(deps, last?.createdAt);
  const now = deps.now();
  const id = randomToken(16);
  const code = newCode();
  await deps.db.insert(embeddedCodes).values({
    id,
    purpose: input.purpose,
    email: input.email,
    accountId: input.accountId ?? null,
    jkt: input.jkt,
    newEmail: input.newEmail ?? null,
    codeHash: hashCode(deps.codePepper, id, code),
    expiresAt: now + CODE_RULES.ttlMs,
    createdAt: now,
  });
  try {
    await deps.sendMail({ to: input.email, ...compose(code) });
  } catch (error) {
    await deps.db.delete(embeddedCodes).where(eq(embeddedCodes.id, id));
    deps.log(`[api] embedded: mail to the SMTP server failed: ${(error as Error).message.split('\n')[0]}`);
    throw new ApiError(502, LoginErrorText.MailFailed, {}, loginError('MailFailed'));
  }
}

/**
 * Checks a typed code against the newest unused code of (`purpose`, device key `jkt`, `where`):
 * constant-time, at most 5 tries, 10 minutes, and a bounded number of wrong tries per address
 * (`EMBEDDED_LIMITS.verifyPerEmail`, whatever code, device key or IP they come from).
 *
 * Each try is counted before the code is compared, in one `UPDATE … SET attempts = attempts + 1
 * WHERE attempts < 5 … RETURNING`: requests that arrive together cannot all read the same count
 * and all be compared (on PostgreSQL they run side by side; docs/threat-model.md "Mailed codes").
 * A right code is then taken once with `UPDATE … SET used_at WHERE used_at IS NULL RETURNING`.
 * @returns the code row (marked used).
 * @throws ApiError 400 'Invalid code' / 'Code expired. Request a new code' / 'Too many attempts. Request a new code';
 *   429 'Too many requests. Please try again after N seconds' when the address has no tries left.
 */
export async function consumeCode(
  deps: EmbeddedDeps,
  input: { purpose: CodePurpose; jkt: string; email?: string; accountId?: string },
  code: string,
): Promise<typeof embeddedCodes.$inferSelect> {
  const filters = [
    eq(embeddedCodes.purpose, input.purpose),
    eq(embeddedCodes.jkt, input.jkt),
    isNull(embeddedCodes.usedAt),
  ];
  if (input.email) filters.push(eq(embeddedCodes.email, input.email));
  if (input.accountId) filters.push(eq(embeddedCodes.accountId, input.accountId));
  const [row] = await deps.db
    .select()
    .from(embeddedCodes)
    .where(and(...filters))
    .orderBy(desc(embeddedCodes.createdAt))
    .limit(1);
  if (!row) throw refused('InvalidCode');
  // Per address the code went to: one token per try, given back when the code was right.
  const addressKey = `embedded-verify-email:${row.email}`;
  await limit(deps, addressKey, EMBEDDED_LIMITS.verifyPerEmail);
  const now = deps.now();
  const [counted] = await deps.db
    .update(embeddedCodes)
    .set({ attempts: sql`${embeddedCodes.attempts} + 1` })
    .where(
      and(
        eq(embeddedCodes.id, row.id),
        isNull(embeddedCodes.usedAt),
        lt(embeddedCodes.attempts, CODE_RULES.maxAttempts),
        gt(embeddedCodes.expiresAt, now),
      ),
    )
    .returning({ attempts: embeddedCodes.attempts });
  if (!counted) {
    // Not counted: used, expired or dead since it was read. Say which.
    const [current] = await deps.db.select().from(embeddedCodes).where(eq(embeddedCodes.id, row.id)).limit(1);
    if (!current || current.usedAt !== null) throw refused('InvalidCode');
    if (current.expiresAt <= now) throw refused('CodeExpired');
    throw refused('TooManyAttempts');
  }
  if (!codeMatches(deps.codePepper, row.id, code, row.codeHash))
    throw refused(counted.attempts >= CODE_RULES.maxAttempts ? 'TooManyAttempts' : 'InvalidCode');
  await deps.limiter.refund(addressKey);
  const used = await deps.db
    .update(embeddedCodes)
    .set({ usedAt: now })
    .where(and(eq(embeddedCodes.id, row.id), isNull(embeddedCodes.usedAt)))
    .returning({ id: embeddedCodes.id });
  if (used.length === 0) throw refused('InvalidCode');
  return { ...row, attempts: counted.attempts, usedAt: now };
}
