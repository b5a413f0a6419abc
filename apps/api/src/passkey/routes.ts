import { Hono, type Context } from 'hono';
import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { ApiError, parseInput } from '../http/errors.ts';
import {
  accountView,
  callerOf,
  deviceOf,
  EMBEDDED_LIMITS,
  limit,
  openSession,
  type EmbeddedDeps,
} from '../embedded/context.ts';
import { jsonBody, registerDevice } from '../embedded/login.ts';
import { embeddedOriginAllowed } from '../embedded/origins.ts';
import { randomToken } from '../embedded/secrets.ts';
import { embeddedAccounts } from '../embedded/tables.ts';
import { embeddedFarcasterAccounts } from '../farcaster/tables.ts';
import { embeddedSocialIdentities } from '../social/tables.ts';
import { issueChallenge, PASSKEY_CHALLENGE_TTL_MS, takeChallenge } from './challenges.ts';
import { embeddedPasskeys } from './tables.ts';

/** The relying party's name shown by the browser's passkey dialog. */
export const PASSKEY_RP_NAME = 'Airlock wallet';

/** Messages of a refused passkey. */
export const PasskeyMessage = {
  /** The assertion or attestation does not verify (wrong signature, origin, RP ID, no user verification). */
  NotVerified: 'The passkey could not be verified',
  /** A credential id the API does not know (removed, or made for another deployment). */
  Unknown: 'This passkey is not registered with this wallet',
  /** The account's only way to sign in. */
  LastLogin: 'This passkey is the only way to sign in to this wallet. Add another passkey first',
} as const;

const Base64Url = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,4096}$/));
const ProjectSchema = z.strictObject({
  projectId: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  dappOrigin: z.url().check(z.maxLength(2048)),
});
/** The browser's answer as `@simplewebauthn/browser` serializes it (fields checked by the verifier). */
const CredentialSchema = z.looseObject({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: Base64Url }),
  clientExtensionResults: z.optional(z.looseObject({})),
});
const AnswerSchema = z.strictObject({
  challengeId: z.string().check(z.minLength(8)).check(z.maxLength(64)),
  response: CredentialSchema,
});
const RemoveSchema = z.strictObject({ id: Base64Url });

/**
 * The relying party of a request: the secure frame origin it comes from (`Origin`, one of
 * `secureFrameOrigins`; else the first of them) and that origin's host as the RP ID. Passkeys
 * belong to the secure frame's own origin, never to a dapp's or the widget's.
 */
function relyingParty(deps: EmbeddedDeps, c: Context): { origin: string; rpID: string } {
  const origins = deps.options.secureFrameOrigins;
  const asked = c.req.header('origin');
  const origin = asked && origins.includes(asked) ? asked : origins[0];
  if (!origin) throw new ApiError(404, 'Not Found');
  return { origin, rpID: new URL(origin).hostname };
}

/** Every secure frame origin and its host: what an answer's `origin` and RP ID may be. */
function expected(deps: EmbeddedDeps): { origins: string[]; rpIDs: string[] } {
  const origins = deps.options.secureFrameOrigins;
  return { origins, rpIDs: [...new Set(origins.map((o) => new URL(o).hostname))] };
}

/** The WebAuthn user handle of an account: 16 bytes, stable, naming nothing (not the email). */
const userIdOf = (accountId: string) => new TextEncoder().encode(accountId).slice(0, 64);

const transportsOf = (row: { transports: string }) =>
  row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : undefined;

/** Verifies a registration answer against a taken challenge. @throws ApiError 400 */
async function verifiedRegistration(deps: EmbeddedDeps, response: unknown, challenge: string) {
  const { origins, rpIDs } = expected(deps);
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpIDs,
      requireUserVerification: true,
    });
    if (result.verified) return result.registrationInfo;
  } catch (error) {
    deps.log(`[api] passkey registration refused: ${(error as Error).message.split('\n')[0]}`);
  }
  throw new ApiError(400, PasskeyMessage.NotVerified);
}

/** Stores a verified passkey for `accountId`. @returns its list entry */
async function storePasskey(
  deps: EmbeddedDeps,
  accountId: string,
  info: Awaited<ReturnType<typeof verifiedRegistration>>,
) {
  const now = deps.now();
  const row = {
    id: info.credential.id,
    accountId,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: (info.credential.transports ?? []).join(','),
    rpId: info.rpID ?? new URL(info.origin).hostname,
    backedUp: info.credentialBackedUp,
    name: `Passkey, ${new Date(now).toISOString().slice(0, 10)}`,
    createdAt: now,
  };
  const inserted = await deps.db.insert(embeddedPasskeys).values(row).onConflictDoNothing().returning();
  if (!inserted.length) throw new ApiError(409, 'This passkey is already registered');
  return listEntry(inserted[0]!);
}

/** A passkey as the secure frame lists it. */
const listEntry = (row: typeof embeddedPasskeys.$inferSelect) => ({
  id: row.id,
  name: row.name,
  backedUp: row.backedUp,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt ?? null,
});

/**
 * Passkey routes (docs/embedded-wallet.md "Passkeys"), WebAuthn verified by `@simplewebauthn/server`;
 * the relying party is the secure frame's own origin (RP ID = its host). Every challenge is used
 * once and bound to the device key of the DPoP proof that asked for it (challenges.ts).
 * - `POST /passkey/register/options` (session) → `{ challengeId, options }`: a new passkey for the signed-in account;
 * - `POST /passkey/register/verify` `{ challengeId, response }` (session, same device key) → `{ passkey }`;
 * - `POST /passkey/signup/options` `{ projectId, dappOrigin }` + DPoP → `{ challengeId, options }`: a new account whose login is the passkey;
 * - `POST /passkey/signup/verify` `{ challengeId, response }` + DPoP → `{ session, account, passkey }`;
 * - `POST /passkey/login/options` `{ projectId, dappOrigin }` + DPoP → `{ challengeId, options }` (discoverable: no email asked);
 * - `POST /passkey/login/verify` `{ challengeId, response }` + DPoP → `{ session, account }`: no mail;
 * - `GET /passkeys` (session) → `{ passkeys }`; `POST /passkeys/remove` `{ id }` (session) → 204
 *   (409 for the last login method of an account).
 */
export function passkeyRoutes(deps: EmbeddedDeps): Hono {
  const app = new Hono();
  const checkProject = async (projectId: string, dappOrigin: string) => {
    const project = await deps.projects.get(projectId);
    if (!project) throw new ApiError(401, 'Unauthorized: invalid key');
    if (!embeddedOriginAllowed(dappOrigin, project)) throw new ApiError(403, 'Unauthorized: origin not allowed');
  };
  const perIp = (c: Context) => limit(deps, `embedded-verify:${deps.clientOf(c)}`, EMBEDDED_LIMITS.verifyPerIp);
  const registrationOptions = async (
    c: Context,
    challenge: string,
    accountId: string,
    userName: string,
    exclude: { id: string; transports?: AuthenticatorTransport[] }[],
  ) =>
    generateRegistrationOptions({
      rpName: PASSKEY_RP_NAME,
      rpID: relyingParty(deps, c).rpID,
      userName,
      userID: userIdOf(accountId),
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: PASSKEY_CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: exclude,
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });

  app.post('/embedded/v1/passkey/register/options', async (c) => {
    await perIp(c);
    const caller = await callerOf(deps, c);
    const account = await accountView(deps, caller.accountId);
    const existing = await deps.db
      .select()
      .from(embeddedPasskeys)
      .where(eq(embeddedPasskeys.accountId, caller.accountId));
    const { challengeId, challenge } = await issueChallenge(deps, {
      purpose: 'register',
      jkt: caller.jkt,
      accountId: caller.accountId,
    });
    const exclude = existing.map((p) => ({ id: p.id, transports: transportsOf(p) }));
    const options = await registrationOptions(c, challenge, caller.accountId, account.email ?? 'Wallet', exclude);
    return c.json({ challengeId, options });
  });

  app.post('/embedded/v1/passkey/register/verify', async (c) => {
    await perIp(c);
    const caller = await callerOf(deps, c);
    const body = parseInput(AnswerSchema, await jsonBody(c));
    const taken = await takeChallenge(deps, body.challengeId, 'register', caller.jkt);
    if (taken.accountId !== caller.accountId) throw new ApiError(403, 'This passkey request is for another account');
    const info = await verifiedRegistration(deps, body.response, taken.challenge);
    return c.json({ passkey: await storePasskey(deps, caller.accountId, info) });
  });

  app.post('/embedded/v1/passkey/signup/options', async (c) => {
    await perIp(c);
    const body = parseInput(ProjectSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    await checkProject(body.projectId, body.dappOrigin);
    const accountId = randomToken(16);
    const { challengeId, challenge } = await issueChallenge(deps, { purpose: 'signup', jkt, accountId, ...body });
    return c.json({ challengeId, options: await registrationOptions(c, challenge, accountId, 'Wallet', []) });
  });

  app.post('/embedded/v1/passkey/signup/verify', async (c) => {
    await perIp(c);
    const body = parseInput(AnswerSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    const taken = await takeChallenge(deps, body.challengeId, 'signup', jkt);
    const info = await verifiedRegistration(deps, body.response, taken.challenge);
    const accountId = taken.accountId!;
    const now = deps.now();
    await deps.db.insert(embeddedAccounts).values({ id: accountId, email: null, createdAt: now, updatedAt: now });
    const passkey = await storePasskey(deps, accountId, info).catch(async (error: unknown) => {
      await deps.db.delete(embeddedAccounts).where(eq(embeddedAccounts.id, accountId));
      throw error;
    });
    await registerDevice(deps, accountId, jkt, taken.dappOrigin!, (c.req.header('user-agent') ?? '').slice(0, 300));
    return c.json({
      session: await openSession(deps, accountId, jkt),
      account: await accountView(deps, accountId),
      passkey,
    });
  });

  app.post('/embedded/v1/passkey/login/options', async (c) => {
    await perIp(c);
    const body = parseInput(ProjectSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    await checkProject(body.projectId, body.dappOrigin);
    const { challengeId, challenge } = await issueChallenge(deps, { purpose: 'login', jkt, ...body });
    const options = await generateAuthenticationOptions({
      rpID: relyingParty(deps, c).rpID,
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: PASSKEY_CHALLENGE_TTL_MS,
      userVerification: 'required',
    });
    return c.json({ challengeId, options });
  });

  app.post('/embedded/v1/passkey/login/verify', async (c) => {
    await perIp(c);
    const body = parseInput(AnswerSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    const taken = await takeChallenge(deps, body.challengeId, 'login', jkt);
    const [passkey] = await deps.db
      .select()
      .from(embeddedPasskeys)
      .where(eq(embeddedPasskeys.id, body.response.id))
      .limit(1);
    if (!passkey) throw new ApiError(400, PasskeyMessage.Unknown);
    const { origins } = expected(deps);
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: body.response as unknown as AuthenticationResponseJSON,
        expectedChallenge: taken.challenge,
        expectedOrigin: origins,
        expectedRPID: passkey.rpId,
        // Made inside the widget (a cross-origin iframe): the browser names the top-level page, which
        // must be the dapp origin the login was asked for (a popup on C's origin names none).
        expectedTopOrigin: taken.dappOrigin ?? undefined,
        credential: {
          id: passkey.id,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: transportsOf(passkey),
        },
        requireUserVerification: true,
      });
    } catch (error) {
      deps.log(`[api] passkey login refused: ${(error as Error).message.split('\n')[0]}`);
      throw new ApiError(400, PasskeyMessage.NotVerified);
    }
    if (!verified.verified) throw new ApiError(400, PasskeyMessage.NotVerified);
    await deps.db
      .update(embeddedPasskeys)
      .set({
        counter: verified.authenticationInfo.newCounter,
        backedUp: verified.authenticationInfo.credentialBackedUp,
        lastUsedAt: deps.now(),
      })
      .where(eq(embeddedPasskeys.id, passkey.id));
    await registerDevice(
      deps,
      passkey.accountId,
      jkt,
      taken.dappOrigin!,
      (c.req.header('user-agent') ?? '').slice(0, 300),
    );
    return c.json({
      session: await openSession(deps, passkey.accountId, jkt),
      account: await accountView(deps, passkey.accountId),
    });
  });

  app.get('/embedded/v1/passkeys', async (c) => {
    const caller = await callerOf(deps, c);
    const rows = await deps.db
      .select()
      .from(embeddedPasskeys)
      .where(eq(embeddedPasskeys.accountId, caller.accountId))
      .orderBy(embeddedPasskeys.createdAt);
    return c.json({ passkeys: rows.map(listEntry) });
  });

  app.post('/embedded/v1/passkeys/remove', async (c) => {
    const caller = await callerOf(deps, c);
    const { id } = parseInput(RemoveSchema, await jsonBody(c));
    const [account] = await deps.db
      .select({ email: embeddedAccounts.email })
      .from(embeddedAccounts)
      .where(eq(embeddedAccounts.id, caller.accountId))
      .limit(1);
    const [social] = await deps.db
      .select({ n: count() })
      .from(embeddedSocialIdentities)
      .where(eq(embeddedSocialIdentities.accountId, caller.accountId));
    const [farcaster] = await deps.db
      .select({ n: count() })
      .from(embeddedFarcasterAccounts)
      .where(eq(embeddedFarcasterAccounts.accountId, caller.accountId));
    const [keys] = await deps.db
      .select({ n: count() })
      .from(embeddedPasskeys)
      .where(eq(embeddedPasskeys.accountId, caller.accountId));
    // A passkey-only account (no email, social identity or fid to sign in with) keeps one passkey.
    if (!account?.email && !social?.n && !farcaster?.n && (keys?.n ?? 0) <= 1)
      throw new ApiError(409, PasskeyMessage.LastLogin);
    const removed = await deps.db
      .delete(embeddedPasskeys)
      .where(and(eq(embeddedPasskeys.id, id), eq(embeddedPasskeys.accountId, caller.accountId)))
      .returning({ id: embeddedPasskeys.id });
    if (!removed.length) throw new ApiError(404, PasskeyMessage.Unknown);
    return c.body(null, 204);
  });

  return app;
}
