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
import { authorizationUrl, newFlowSecrets, nonceFor, type SocialIdentity } from './oauth.ts';
import { CALLBACK_PAGE_HEADERS, callbackPage } from './page.ts';
import {
  checkReturnUrl,
  resultUriOf,
  RETURN_REDIRECT_HEADERS,
  returnWithResult,
  SOCIAL_RESULT_PATH,
} from './redirect.ts';
import { embeddedSocialFlows, embeddedSocialIdentities } from './tables.ts';
import { callbackResponse, completeCallback, readFormPost, STATE_REFUSED, type CallbackOutcome } from './callback.ts';

/** Message when a login cannot start (provider down or not configured; spec §8). */
export const INITIATE_FAILED = 'Failed to initiate social connection';

const StartSchema = z.strictObject({
  projectId: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  provider: z.enum(SOCIAL_PROVIDERS),
  dappOrigin: z.url().check(z.maxLength(2048)),
  /** Redirect mode: the dapp page to come back to (same origin as `dappOrigin`, else 400). */
  returnUrl: z.optional(z.string().check(z.minLength(1)).check(z.maxLength(2048))),
});
const FinishSchema = z.strictObject({ flowId: z.string().check(z.minLength(8)).check(z.maxLength(64)) });

/** The redirect URI the providers send the popup back to: the API's own callback. */
export function redirectUriOf(deps: EmbeddedDeps, c: Context): string {
  return `${apiBaseOf(deps, c)}/embedded/v1/social/callback`;
}

/** The API's public base URL (no trailing slash): `publicUrl`, else the request's origin. */
const apiBaseOf = (deps: EmbeddedDeps, c: Context) =>
  (deps.options.publicUrl ?? new URL(c.req.url).origin).replace(/\/$/, '');

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
 * - `POST /embedded/v1/social/start` `{ projectId, provider, dappOrigin, returnUrl? }` + DPoP → `{ flowId, uri }`:
 *   the provider's authorization URL (PKCE S256, `state`, OIDC `nonce` bound to the device key);
 *   502 'Failed to initiate social connection' when the provider cannot be reached; a
 *   `returnUrl` (redirect mode) not on `dappOrigin`'s origin → 400;
 * - `GET /embedded/v1/social/callback?code&state` (the popup or, in redirect mode, the page, from
 *   the provider): an unknown state is refused (400); the code is redeemed and the identity kept
 *   on the login; in redirect mode the answer is a 302 to `returnUrl` with `result_uri` appended
 *   (redirect.ts), whatever the outcome of a known login (finish tells it);
 * - `GET /embedded/v1/social/result?flow` (the `result_uri`, should a person open it): a page that sends them back to the app;
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
    await limit(deps, `embedded-verify:${deps.clientOf(c)}`, EMBEDDED_LIMITS.verifyPerIp);
    const body = parseInput(StartSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    const project = await deps.projects.get(body.projectId);
    if (!project) throw new ApiError(401, 'Unauthorized: invalid key');
    if (!embeddedOriginAllowed(body.dappOrigin, project)) throw new ApiError(403, 'Unauthorized: origin not allowed');
    const returnUrl = body.returnUrl === undefined ? null : checkReturnUrl(body.returnUrl, body.dappOrigin);
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
      returnUrl,
      status: 'pending',
      expiresAt: now + SOCIAL_FLOW_TTL_MS,
      createdAt: now,
    });
    return c.json({ flowId, uri });
  });

  /**
   * The callback's answer: the popup's page, or in redirect mode (a known login with a return
   * URL) a 302 back to the dapp page with `result_uri`, whatever the outcome (finish tells it).
   */
  const answer = (c: Context, outcome: CallbackOutcome) => {
    if (!outcome.flow?.returnUrl) return callbackResponse(c, outcome);
    for (const [name, value] of Object.entries(RETURN_REDIRECT_HEADERS)) c.header(name, value);
    return c.redirect(returnWithResult(outcome.flow.returnUrl, resultUriOf(apiBaseOf(deps, c), outcome.flow.id)), 302);
  };

  // The provider's answer as a query (GET) or, with response_mode=form_post (Apple asking
  // name/email), as a form (POST, read with readFormPost's limits): the same checks (callback.ts).
  app.get('/embedded/v1/social/callback', async (c) => {
    await limit(deps, `embedded-verify:${deps.clientOf(c)}`, EMBEDDED_LIMITS.verifyPerIp);
    return answer(c, await completeCallback(deps, providers, new URL(c.req.url).searchParams));
  });
  app.post('/embedded/v1/social/callback', async (c) => {
    await limit(deps, `embedded-verify:${deps.clientOf(c)}`, EMBEDDED_LIMITS.verifyPerIp);
    const params = await readFormPost(c);
    return params ? answer(c, await completeCallback(deps, providers, params)) : callbackResponse(c, STATE_REFUSED);
  });

  app.get(SOCIAL_RESULT_PATH, (c) => {
    for (const [name, value] of Object.entries(CALLBACK_PAGE_HEADERS)) c.header(name, value);
    return c.html(callbackPage(false, 'Open the app you signed in from to finish signing in.'), 200);
  });

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
