import { Hono, type Context } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { EmailSchema, OtpSchema } from '@airlock/protocol';
import { ApiError, parseInput } from '../http/errors.ts';
import { CODE_RULES } from './config.ts';
import { approvalPageRoutes } from './approvalPage.ts';
import { consumeCode, issueCode } from './codes.ts';
import {
  accountView,
  deviceOf,
  EMBEDDED_LIMITS,
  enforceCooldown,
  limit,
  openSession,
  type EmbeddedDeps,
} from './context.ts';
import { approvalMail, codeMail } from './mail.ts';
import { embeddedOriginAllowed, embeddedOrigins } from './origins.ts';
import { hashToken, randomToken } from './secrets.ts';
import { embeddedAccounts, embeddedDeviceApprovals, embeddedDevices } from './tables.ts';

const ProjectQuerySchema = z.object({ projectId: z.string().check(z.minLength(1)).check(z.maxLength(128)) });
const StartSchema = z.strictObject({
  projectId: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  email: EmailSchema,
  dappOrigin: z.url().check(z.maxLength(2048)),
});
const VerifySchema = z.strictObject({
  email: EmailSchema,
  otp: OtpSchema,
  dappOrigin: z.url().check(z.maxLength(2048)),
});
const DeviceSchema = z.strictObject({ email: EmailSchema });

/** JSON body of a request, or {} when it is not JSON. */
export async function jsonBody(c: Context): Promise<unknown> {
  return c.req.json().catch(() => ({}));
}

const userAgentOf = (c: Context) => (c.req.header('user-agent') ?? '').slice(0, 300);

/**
 * Registers device `jkt` for an account (first login of this key there) or refreshes its last-seen time; a
 * login also ends the device's signed-out state (its next login may take the known-device path again).
 */
export async function registerDevice(
  deps: EmbeddedDeps,
  accountId: string,
  jkt: string,
  dappOrigin: string,
  userAgent: string,
) {
  const now = deps.now();
  await deps.db
    .insert(embeddedDevices)
    .values({ jkt, accountId, dappOrigin, userAgent, createdAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [embeddedDevices.jkt, embeddedDevices.accountId],
      set: { lastSeenAt: now, signedOutAt: null },
    });
}

/** Mails a login code for `email` to the device `jkt` (mail rate limit, 30 s cool-down): `{ action: 'VERIFY_OTP' }`. */
async function mailLoginCode(deps: EmbeddedDeps, email: string, jkt: string, dappOrigin: string) {
  await limit(deps, `embedded-email:${email}`, EMBEDDED_LIMITS.mailPerEmail);
  await issueCode(deps, { purpose: 'login', email, jkt }, (code) =>
    codeMail(code, dappOrigin, CODE_RULES.ttlMs / 60_000),
  );
  return { action: 'VERIFY_OTP' as const };
}

/**
 * Login routes (docs/embedded-wallet.md "The login rule"):
 * - `GET /embedded/v1/project?projectId=` → `{ allowedOrigins }`, the origin patterns the
 *   embedded wallet accepts for the project (its own, plus the spec §6 dev hosts when it opted in);
 * - `POST /embedded/v1/login/start` `{ projectId, email, dappOrigin }` + DPoP → `{ action }`:
 *   `VERIFY_OTP` (new account, no wallet yet, or a device that signed out explicitly: a code is
 *   mailed), `CONNECT` with `session` and `account` (this device key is registered for the account
 *   and did not sign out: the proof is the login), or `VERIFY_DEVICE` (known account, unknown
 *   device: an approval link is mailed);
 * - `POST /embedded/v1/login/verify` `{ email, otp, dappOrigin }` + DPoP → `{ session, account }`;
 * - `POST /embedded/v1/login/device` `{ email }` + DPoP → `{ status: 'pending' | 'denied' | 'expired' }`
 *   or `{ status: 'approved', session, account }`;
 * - the approval page (`approvalPage.ts`).
 */
export function loginRoutes(deps: EmbeddedDeps): Hono {
  const app = new Hono();
  const project = async (projectId: string) => {
    const found = await deps.projects.get(projectId);
    if (!found) throw new ApiError(401, 'Unauthorized: invalid key');
    return found;
  };

  app.get('/embedded/v1/project', async (c) => {
    const { projectId } = parseInput(ProjectQuerySchema, c.req.query());
    return c.json({ allowedOrigins: embeddedOrigins(await project(projectId)) });
  });

  app.post('/embedded/v1/login/start', async (c) => {
    const ip = deps.clientOf(c);
    await limit(deps, `embedded-ip:${ip}`, EMBEDDED_LIMITS.mailPerIp);
    const body = parseInput(StartSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    const email = body.email.toLowerCase();
    const found = await project(body.projectId);
    if (!embeddedOriginAllowed(body.dappOrigin, found)) throw new ApiError(403, 'Unauthorized: origin not allowed');
    const [account] = await deps.db.select().from(embeddedAccounts).where(eq(embeddedAccounts.email, email)).limit(1);
    if (account?.eip155Address) {
      const [device] = await deps.db
        .select()
        .from(embeddedDevices)
        .where(and(eq(embeddedDevices.jkt, jkt), eq(embeddedDevices.accountId, account.id)))
        .limit(1);
      if (device && device.signedOutAt === null) {
        await registerDevice(deps, account.id, jkt, body.dappOrigin, userAgentOf(c));
        return c.json({
          action: 'CONNECT',
          session: await openSession(deps, account.id, jkt),
          account: await accountView(deps, account.id),
        });
      }
      // Signed out on this device (a shared computer): the address is proved again by a mailed code.
      if (device) return c.json(await mailLoginCode(deps, email, jkt, body.dappOrigin));
      const [last] = await deps.db
        .select({ createdAt: embeddedDeviceApprovals.createdAt })
        .from(embeddedDeviceApprovals)
        .where(and(eq(embeddedDeviceApprovals.accountId, account.id), eq(embeddedDeviceApprovals.jkt, jkt)))
        .orderBy(desc(embeddedDeviceApprovals.createdAt))
        .limit(1);
      enforceCooldown(deps, last?.createdAt);
      await limit(deps, `embedded-email:${email}`, EMBEDDED_LIMITS.mailPerEmail);
      const token = randomToken();
      const now = deps.now();
      const id = randomToken(16);
      await deps.db.insert(embeddedDeviceApprovals).values({
        id,
        tokenHash: hashToken(token),
        accountId: account.id,
        jkt,
        dappOrigin: body.dappOrigin,
        userAgent: userAgentOf(c),
        requesterIp: ip,
        status: 'pending',
        expiresAt: now + CODE_RULES.approvalTtlMs,
        createdAt: now,
      });
      const base = deps.options.publicUrl ?? new URL(c.req.url).origin;
      const link = `${base.replace(/\/$/, '')}/embedded/v1/device/approve?token=${token}`;
      try {
        await deps.sendMail({
          to: email,
          ...approvalMail(link, { dappOrigin: body.dappOrigin, userAgent: userAgentOf(c), ip, at: now }),
        });
      } catch {
        await deps.db.delete(embeddedDeviceApprovals).where(eq(embeddedDeviceApprovals.id, id));
        throw new ApiError(502, 'Could not send the email. Please try again');
      }
      return c.json({ action: 'VERIFY_DEVICE' });
    }
    return c.json(await mailLoginCode(deps, email, jkt, body.dappOrigin));
  });

  app.post('/embedded/v1/login/verify', async (c) => {
    await limit(deps, `embedded-verify:${deps.clientOf(c)}`, EMBEDDED_LIMITS.verifyPerIp);
    const body = parseInput(VerifySchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    const email = body.email.toLowerCase();
    await consumeCode(deps, { purpose: 'login', jkt, email }, body.otp);
    const now = deps.now();
    await deps.db
      .insert(embeddedAccounts)
      .values({ id: randomToken(16), email, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    const [account] = await deps.db.select().from(embeddedAccounts).where(eq(embeddedAccounts.email, email)).limit(1);
    await registerDevice(deps, account!.id, jkt, body.dappOrigin, userAgentOf(c));
    return c.json({
      session: await openSession(deps, account!.id, jkt),
      account: await accountView(deps, account!.id),
    });
  });

  app.post('/embedded/v1/login/device', async (c) => {
    await limit(deps, `embedded-verify:${deps.clientOf(c)}`, EMBEDDED_LIMITS.verifyPerIp);
    const body = parseInput(DeviceSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    const [account] = await deps.db
      .select({ id: embeddedAccounts.id })
      .from(embeddedAccounts)
      .where(eq(embeddedAccounts.email, body.email.toLowerCase()))
      .limit(1);
    if (!account) throw new ApiError(400, 'No device approval pending');
    const [approval] = await deps.db
      .select()
      .from(embeddedDeviceApprovals)
      .where(and(eq(embeddedDeviceApprovals.jkt, jkt), eq(embeddedDeviceApprovals.accountId, account.id)))
      .orderBy(desc(embeddedDeviceApprovals.createdAt))
      .limit(1);
    if (!approval || approval.status === 'used') throw new ApiError(400, 'No device approval pending');
    if (approval.status === 'denied') return c.json({ status: 'denied' });
    if (approval.status === 'pending')
      return c.json({ status: approval.expiresAt <= deps.now() ? 'expired' : 'pending' });
    const used = await deps.db
      .update(embeddedDeviceApprovals)
      .set({ status: 'used' })
      .where(and(eq(embeddedDeviceApprovals.id, approval.id), eq(embeddedDeviceApprovals.status, 'approved')))
      .returning({ id: embeddedDeviceApprovals.id });
    if (used.length === 0) throw new ApiError(400, 'No device approval pending');
    await registerDevice(deps, account.id, jkt, approval.dappOrigin, approval.userAgent);
    return c.json({
      status: 'approved',
      session: await openSession(deps, account.id, jkt),
      account: await accountView(deps, account.id),
    });
  });

  app.route('/', approvalPageRoutes(deps));
  return app;
}
