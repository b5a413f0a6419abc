import { Hono } from 'hono';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod/mini';
import { EmailSchema, OtpSchema } from '@airlock/protocol';
import { ApiError, parseInput } from '../http/errors.ts';
import { consumeCode, issueCode } from './codes.ts';
import { accessFor, accountView, callerOf, deviceOf, EMBEDDED_LIMITS, limit, type EmbeddedDeps } from './context.ts';
import { jsonBody } from './login.ts';
import { updateMail } from './mail.ts';
import { hashToken, openRecoveryShare, randomToken, sealRecoveryShare } from './secrets.ts';
import { embeddedAccounts, embeddedDevices, embeddedSessions } from './tables.ts';

/** A Shamir share as base64 (17–65 bytes: a 16- or 32-byte secret plus the x coordinate; up to 64 for headroom). */
const ShareSchema = z.string().check(z.regex(/^[A-Za-z0-9+/]{22,88}={0,2}$/, { error: 'Invalid share' }));
const WalletSchema = z.strictObject({
  eip155Address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  solanaAddress: z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)),
  authShare: ShareSchema,
  recoveryShare: ShareSchema,
});
const RefreshSchema = z.strictObject({ refreshToken: z.string().check(z.minLength(20)).check(z.maxLength(100)) });

/**
 * Session, account and share routes (all but refresh need `Authorization: DPoP <token>` and a
 * proof by the session's device key; docs/embedded-wallet.md "API"):
 * - `POST /embedded/v1/session/refresh` `{ refreshToken }` + DPoP by the same key → a new session (the token rotates);
 * - `POST /embedded/v1/session/signout` → 204 (the session is revoked; the device's next email login needs a code);
 * - `GET /embedded/v1/account` → `{ email, addresses, deviceShare: 'primary' | 'device' | null }`;
 * - `POST /embedded/v1/wallet` `{ eip155Address, solanaAddress, authShare, recoveryShare }` → 204, once per account
 *   (409 afterwards); the recovery share is sealed with the environment key before it is stored;
 * - `GET /embedded/v1/shares/device` → `{ authShare }`: the share that pairs with this device's own share;
 * - `GET /embedded/v1/shares/recovery` → `{ authShare, recoveryShare }` (rebuild on a new device; rate-limited per account);
 * - `PUT /embedded/v1/shares/device` `{ authShare }` → 204: the API half of this device's fresh 2-of-2 split.
 */
export function accountRoutes(deps: EmbeddedDeps): Hono {
  const app = new Hono();

  app.post('/embedded/v1/session/refresh', async (c) => {
    await limit(deps, `embedded-verify:${deps.clientOf(c)}`, EMBEDDED_LIMITS.verifyPerIp);
    const { refreshToken } = parseInput(RefreshSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    const now = deps.now();
    const [session] = await deps.db
      .select()
      .from(embeddedSessions)
      .where(
        and(
          eq(embeddedSessions.refreshHash, hashToken(refreshToken)),
          isNull(embeddedSessions.revokedAt),
          gt(embeddedSessions.expiresAt, now),
        ),
      )
      .limit(1);
    if (!session || session.jkt !== jkt) throw new ApiError(401, 'Session ended');
    const next = randomToken();
    const rotated = await deps.db
      .update(embeddedSessions)
      .set({ refreshHash: hashToken(next) })
      .where(and(eq(embeddedSessions.id, session.id), eq(embeddedSessions.refreshHash, session.refreshHash)))
      .returning({ id: embeddedSessions.id });
    if (rotated.length === 0) throw new ApiError(401, 'Session ended');
    return c.json({
      session: {
        ...(await accessFor(deps, { accountId: session.accountId, sessionId: session.id, jkt })),
        refreshToken: next,
      },
      account: await accountView(deps, session.accountId),
    });
  });

  app.post('/embedded/v1/session/signout', async (c) => {
    const caller = await callerOf(deps, c);
    const now = deps.now();
    await deps.db.update(embeddedSessions).set({ revokedAt: now }).where(eq(embeddedSessions.id, caller.sessionId));
    // An explicit sign-out: this device's next email login asks for a code (login.ts).
    await deps.db.update(embeddedDevices).set({ signedOutAt: now }).where(thisDevice(caller));
    return c.body(null, 204);
  });

  const thisDevice = (caller: { jkt: string; accountId: string }) =>
    and(eq(embeddedDevices.jkt, caller.jkt), eq(embeddedDevices.accountId, caller.accountId));
  const deviceRow = async (caller: { jkt: string; accountId: string }) => {
    const [device] = await deps.db.select().from(embeddedDevices).where(thisDevice(caller)).limit(1);
    if (!device) throw new ApiError(401, 'Unknown device');
    return device;
  };
  const accountRow = async (id: string) => {
    const [account] = await deps.db.select().from(embeddedAccounts).where(eq(embeddedAccounts.id, id)).limit(1);
    if (!account) throw new ApiError(401, 'Account not found');
    return account;
  };

  app.get('/embedded/v1/account', async (c) => {
    const caller = await callerOf(deps, c);
    const device = await deviceRow(caller);
    return c.json({
      ...(await accountView(deps, caller.accountId)),
      deviceShare: device.holdsPrimary ? 'primary' : device.authShare ? 'device' : null,
    });
  });

  app.post('/embedded/v1/wallet', async (c) => {
    const caller = await callerOf(deps, c);
    const body = parseInput(WalletSchema, await jsonBody(c));
    const created = await deps.db
      .update(embeddedAccounts)
      .set({
        eip155Address: body.eip155Address,
        solanaAddress: body.solanaAddress,
        authShare: body.authShare,
        recoveryShare: sealRecoveryShare(deps.options.recoveryKey, body.recoveryShare),
        updatedAt: deps.now(),
      })
      .where(and(eq(embeddedAccounts.id, caller.accountId), isNull(embeddedAccounts.eip155Address)))
      .returning({ id: embeddedAccounts.id });
    if (created.length === 0) throw new ApiError(409, 'This account already has a wallet');
    await deps.db.update(embeddedDevices).set({ holdsPrimary: true, authShare: null }).where(thisDevice(caller));
    return c.body(null, 204);
  });

  app.get('/embedded/v1/shares/device', async (c) => {
    const caller = await callerOf(deps, c);
    const device = await deviceRow(caller);
    const account = await accountRow(caller.accountId);
    const authShare = device.holdsPrimary ? account.authShare : device.authShare;
    if (!authShare) throw new ApiError(404, 'No share for this device');
    return c.json({ authShare });
  });

  app.get('/embedded/v1/shares/recovery', async (c) => {
    const caller = await callerOf(deps, c);
    await limit(deps, `embedded-recovery:${caller.accountId}`, EMBEDDED_LIMITS.recoveryPerAccount);
    const account = await accountRow(caller.accountId);
    if (!account.authShare || !account.recoveryShare) throw new ApiError(404, 'This account has no wallet yet');
    let recoveryShare: string;
    try {
      recoveryShare = openRecoveryShare(deps.options.recoveryKey, account.recoveryShare);
    } catch {
      deps.log('[api] embedded: a recovery share does not open with AIRLOCK_API_RECOVERY_KEY');
      throw new ApiError(500, 'Recovery is not available');
    }
    return c.json({ authShare: account.authShare, recoveryShare });
  });

  app.put('/embedded/v1/shares/device', async (c) => {
    const caller = await callerOf(deps, c);
    const { authShare } = parseInput(z.strictObject({ authShare: ShareSchema }), await jsonBody(c));
    await deviceRow(caller);
    await deps.db.update(embeddedDevices).set({ authShare, holdsPrimary: false }).where(thisDevice(caller));
    return c.body(null, 204);
  });

  return app;
}

/**
 * Email update routes (spec §4: codes to the current then the new address):
 * - `POST /embedded/v1/email/update` `{ email }` → `{ action: 'VERIFY_PRIMARY_OTP' }` (409 when the address is taken);
 * - `POST /embedded/v1/email/update/primary` `{ otp }` → `{ action: 'VERIFY_SECONDARY_OTP' }`;
 * - `POST /embedded/v1/email/update/secondary` `{ otp }` → `{ email }` (stored).
 */
export function emailRoutes(deps: EmbeddedDeps): Hono {
  const app = new Hono();
  const taken = async (email: string) =>
    (
      await deps.db
        .select({ id: embeddedAccounts.id })
        .from(embeddedAccounts)
        .where(eq(embeddedAccounts.email, email))
        .limit(1)
    ).length > 0;

  app.post('/embedded/v1/email/update', async (c) => {
    const caller = await callerOf(deps, c);
    await limit(deps, `embedded-ip:${deps.clientOf(c)}`, EMBEDDED_LIMITS.mailPerIp);
    const { email } = parseInput(z.strictObject({ email: EmailSchema }), await jsonBody(c));
    const newEmail = email.toLowerCase();
    const current = (await accountView(deps, caller.accountId)).email;
    // An account signed in with Farcaster or a social provider has no login email (docs/embedded-wallet.md).
    if (!current) throw new ApiError(400, 'This account signs in without an email and has no email to update');
    if (newEmail === current) throw new ApiError(400, 'This is already your email');
    if (await taken(newEmail)) throw new ApiError(409, 'Email already in use');
    await limit(deps, `embedded-email:${current}`, EMBEDDED_LIMITS.mailPerEmail);
    await issueCode(
      deps,
      { purpose: 'update_primary', email: current, jkt: caller.jkt, accountId: caller.accountId, newEmail },
      (code) => updateMail(code, 'current', newEmail),
    );
    return c.json({ action: 'VERIFY_PRIMARY_OTP' });
  });

  app.post('/embedded/v1/email/update/primary', async (c) => {
    const caller = await callerOf(deps, c);
    await limit(deps, `embedded-verify:${deps.clientOf(c)}`, EMBEDDED_LIMITS.verifyPerIp);
    const { otp } = parseInput(z.strictObject({ otp: OtpSchema }), await jsonBody(c));
    const row = await consumeCode(
      deps,
      { purpose: 'update_primary', jkt: caller.jkt, accountId: caller.accountId },
      otp,
    );
    const newEmail = row.newEmail!;
    if (await taken(newEmail)) throw new ApiError(409, 'Email already in use');
    await limit(deps, `embedded-email:${newEmail}`, EMBEDDED_LIMITS.mailPerEmail);
    await issueCode(
      deps,
      { purpose: 'update_secondary', email: newEmail, jkt: caller.jkt, accountId: caller.accountId, newEmail },
      (code) => updateMail(code, 'new', newEmail),
    );
    return c.json({ action: 'VERIFY_SECONDARY_OTP' });
  });

  app.post('/embedded/v1/email/update/secondary', async (c) => {
    const caller = await callerOf(deps, c);
    await limit(deps, `embedded-verify:${deps.clientOf(c)}`, EMBEDDED_LIMITS.verifyPerIp);
    const { otp } = parseInput(z.strictObject({ otp: OtpSchema }), await jsonBody(c));
    const row = await consumeCode(
      deps,
      { purpose: 'update_secondary', jkt: caller.jkt, accountId: caller.accountId },
      otp,
    );
    try {
      await deps.db
        .update(embeddedAccounts)
        .set({ email: row.newEmail!, updatedAt: deps.now() })
        .where(eq(embeddedAccounts.id, caller.accountId));
    } catch {
      throw new ApiError(409, 'Email already in use');
    }
    return c.json({ email: row.newEmail! });
  });
  return app;
}
