import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { ApiError, parseInput } from '../http/errors.ts';
import { accountView, deviceOf, EMBEDDED_LIMITS, limit, openSession, type EmbeddedDeps } from '../embedded/context.ts';
import { jsonBody, registerDevice } from '../embedded/login.ts';
import { embeddedOriginAllowed } from '../embedded/origins.ts';
import { hashToken, randomToken } from '../embedded/secrets.ts';
import { embeddedAccounts } from '../embedded/tables.ts';
import { SOCIAL_FLOW_TTL_MS, SOCIAL_PROVIDERS, type SocialProviders } from './config.ts';
import { authorizationUrl, newFlowSecrets, nonceFor, redeemCallback, type SocialIdentity } from './oauth.ts';
import { CALLBACK_PAGE_HEADERS, callbackPage } from './page.ts';
import { embeddedSocialFlows, embeddedSocialIdentities } from './tables.ts';
import { formPostCallback } from './callback.ts';

/** Message when a login cannot start (provider down or not configured; spec §8). */
export const INITIATE_FAILED = 'Failed to initiate social connection';

const StartSchema = z.strictObject({
  projectId: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  provider: z.enum(SOCIAL_PROVIDERS),
  dappOrigin: z.url().check(z.maxLength(2048)),
});
const FinishSchema = z.strictObject({ flowId: z.string().check(z.minLength(8)).check(z.maxLength(64)) });

/** The redirect URI the providers send the popup back to: the API's own callback. */
export function redirectUriOf(deps: EmbeddedDeps, c: Context): string {
  const base = deps.options.publicUrl ?? new URL(c.req.url).origin;
  return `${base.replace(/\/$/, '')}/embedded/v1/social/callback`;
}

/** The account of a social identity; created (without email) on its first login. Never matched by email. */
async function accountFor(deps: EmbeddedDeps, provider: string, identity: SocialIdentity): Promise<string> {
  const find = async () =>
    (
      await deps.db
        .select({ accountId: embeddedSocialIdentities.accountId })
        .from(embeddedSocialIdentities)
        .where(
          and(eq(embeddedSocialIdentities.provider, provider), eq(embeddedSocialIdentities.subject, identity.subject)),
        )
        .limit(1)
    )[0]?.accountId;
  const found = await find();
  if (found) return found;
  const now = deps.now();
  const id = randomToken(16);
  await deps.db.insert(embeddedAccounts).values({ id, email: null, createdAt: now, updatedAt: now });
  const inserted = await deps.db
    .insert(embeddedSocialIdentities)
    .values({
      provider,
      subject: identity.subject,
      accountId: id,
      email: identity.email,
      name: identity.name,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ accountId: embeddedSocialIdentities.accountId });
  if (inserted.length) return id;
  // Two first logins at once: the other one won; drop this empty account.
  await deps.db.delete(embeddedAccounts).where(eq(embeddedAccounts.id, id));
  return (await find())!;
}

/**
 * Social login routes (docs/embedded-wallet.md "Social login"), the API being the
 * confidential OAuth client of every provider:
 * - `GET /embedded/v1/social/providers` → `{ providers }`: the configured provider names;
 * - `POST /embedded/v1/social/start` `{ projectId, provider, dappOrigin }` + DPoP → `{ flowId, uri }`:
 *   the provider's authorization URL (PKCE S256, `state`, OIDC `nonce` bound to the device key);
 *   502 'Failed to initiate social connection' when the provider cannot be reached;
 * - `GET /embedded/v1/social/callback?code&state` (the popup, from the provider): an unknown
 *   state is refused (400); the code is redeemed and the identity kept on the login;
 * - `POST /embedded/v1/social/callback` (form `code`, `state`, Apple's `user`): the same for a
 *   provider answering with `response_mode=form_post`;
 * - `POST /embedded/v1/social/finish` `{ flowId }` + DPoP by the SAME device key →
 *   `{ status: 'pending' }`, `{ status: 'failed', message }` or `{ status: 'done', session, account, social }`.
 */
export function socialRoutes(deps: EmbeddedDeps, providers: SocialProviders): Hono {
  const app = new Hono();

  app.get('/embedded/v1/social/providers', (c) =>
    c.json({ providers: SOCIAL_PROVIDERS.filter((name) => providers[name]) }),
  );

  app.post('/embedded/v1/social/start', async (c) => {
    limit(deps, `embedded-verify:${deps.clientOf(c)}`, EMBEDDED_LIMITS.verifyPerIp);
    const body = parseInput(StartSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    const project = await deps.projects.get(body.projectId);
    if (!project) throw new ApiError(401, 'Unauthorized: invalid key');
    if (!embeddedOriginAllowed(body.dappOrigin, project)) throw new ApiError(403, 'Unauthorized: origin not allowed');
    const config = providers[body.provider];
    if (!config) throw new ApiError(400, `${INITIATE_FAILED}: ${body.provider} is not configured`);
    const { state, verifier } = newFlowSecrets();
    const redirectUri = redirectUriOf(deps, c);
    let uri: string;
    try {
      uri = await authorizationUrl(config, { state, verifier, nonce: nonceFor(jkt), redirectUri });
    } catch (error) {
      deps.log(`[api] social ${body.provider}: ${(error as Error).message}`);
      throw new ApiError(502, INITIATE_FAILED);
    }
    const now = deps.now();
    const flowId = randomToken(16);
    await deps.db.insert(embeddedSocialFlows).values({
      id: flowId,
      stateHash: hashToken(state),
      provider: body.provider,
      jkt,
      projectId: body.projectId,
      dappOrigin: body.dappOrigin,
      verifier,
      redirectUri,
      status: 'pending',
      expiresAt: now + SOCIAL_FLOW_TTL_MS,
      createdAt: now,
    });
    return c.json({ flowId, uri });
  });

  app.get('/embedded/v1/social/callback', async (c) => {
    const page = (status: 200 | 400 | 502, ok: boolean, message: string) => {
      for (const [name, value] of Object.entries(CALLBACK_PAGE_HEADERS)) c.header(name, value);
      return c.html(callbackPage(ok, message), status);
    };
    limit(deps, `embedded-verify:${deps.clientOf(c)}`, EMBEDDED_LIMITS.verifyPerIp);
    const state = c.req.query('state') ?? '';
    const [flow] = state
      ? await deps.db
          .select()
          .from(embeddedSocialFlows)
          .where(eq(embeddedSocialFlows.stateHash, hashToken(state)))
          .limit(1)
      : [];
    if (flow?.status !== 'pending' || !flow.verifier || flow.expiresAt <= deps.now())
      return page(
        400,
        false,
        'This sign-in could not be verified (state mismatch or expired). Close this window and try again.',
      );
    const config = providers[flow.provider as keyof SocialProviders];
    // The verifier is single use: gone before the code is even sent.
    await deps.db.update(embeddedSocialFlows).set({ verifier: null }).where(eq(embeddedSocialFlows.id, flow.id));
    if (!config) return page(400, false, 'This provider is no longer configured.');
    try {
      const identity = await redeemCallback(config, new URL(c.req.url), {
        state,
        verifier: flow.verifier,
        nonce: nonceFor(flow.jkt),
        redirectUri: flow.redirectUri,
      });
      await deps.db
        .update(embeddedSocialFlows)
        .set({ status: 'done', subject: identity.subject, email: identity.email, name: identity.name })
        .where(eq(embeddedSocialFlows.id, flow.id));
      return page(200, true, 'You are signed in. You can close this window and return to the app.');
    } catch (error) {
      const message = (error as Error).message.split('\n')[0]!.slice(0, 200);
      deps.log(`[api] social ${flow.provider} callback refused: ${message}`);
      await deps.db
        .update(embeddedSocialFlows)
        .set({ status: 'failed', message: 'The provider did not confirm the sign-in' })
        .where(eq(embeddedSocialFlows.id, flow.id));
      return page(400, false, 'The provider did not confirm the sign-in. Close this window and try again.');
    }
  });

  // The provider's form_post answer (Apple asking name/email): same checks as the GET callback (callback.ts).
  app.post('/embedded/v1/social/callback', (c) => formPostCallback(deps, providers, c));

  app.post('/embedded/v1/social/finish', async (c) => {
    const { flowId } = parseInput(FinishSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    const [flow] = await deps.db.select().from(embeddedSocialFlows).where(eq(embeddedSocialFlows.id, flowId)).limit(1);
    if (!flow || flow.status === 'used') throw new ApiError(400, 'No social login pending');
    // Redeemable only by the device key that started it (the ID token's nonce is bound to it too).
    if (flow.jkt !== jkt) throw new ApiError(403, 'This sign-in was started by another device');
    if (flow.status === 'failed') return c.json({ status: 'failed', message: flow.message ?? INITIATE_FAILED });
    if (flow.status === 'pending')
      return c.json(
        flow.expiresAt <= deps.now() ? { status: 'failed', message: 'The sign-in expired' } : { status: 'pending' },
      );
    const used = await deps.db
      .update(embeddedSocialFlows)
      .set({ status: 'used' })
      .where(and(eq(embeddedSocialFlows.id, flow.id), eq(embeddedSocialFlows.status, 'done')))
      .returning({ id: embeddedSocialFlows.id });
    if (!used.length || !flow.subject) throw new ApiError(400, 'No social login pending');
    const accountId = await accountFor(deps, flow.provider, {
      subject: flow.subject,
      email: flow.email,
      name: flow.name,
    });
    await registerDevice(deps, accountId, jkt, flow.dappOrigin, (c.req.header('user-agent') ?? '').slice(0, 300));
    return c.json({
      status: 'done',
      session: await openSession(deps, accountId, jkt),
      account: await accountView(deps, accountId),
      social: { provider: flow.provider, email: flow.email, userName: flow.name },
    });
  });

  return app;
}
