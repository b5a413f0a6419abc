import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { EmbeddedDeps } from '../embedded/context.ts';
import { hashToken } from '../embedded/secrets.ts';
import type { SocialProviders } from './config.ts';
import { nonceFor, redeemCallback } from './oauth.ts';
import { CALLBACK_PAGE_HEADERS, callbackPage } from './page.ts';
import { embeddedSocialFlows, embeddedSocialIdentities } from './tables.ts';

/**
 * The provider's answer at the API's callback, whichever way it comes: a GET redirect
 * (`response_mode=query`) or an auto-submitted POST form (`form_post`, Apple). The
 * checks are the same: the login is found by the SHA-256 of `state` (unknown, used or
 * expired: refused), its PKCE verifier is deleted before the code is sent (single use),
 * the code is exchanged, and the OIDC ID token's `nonce` must be the one bound to the
 * device key that started the login (docs/embedded-wallet.md "Social login").
 */

/** Largest form body accepted at the callback, bytes (Apple's post: code, state, id_token, user; a few KB). */
export const FORM_POST_MAX_BYTES = 8_192;

/** What the callback page says, and its HTTP status. */
export type CallbackOutcome = {
  status: 200 | 400;
  ok: boolean;
  message: string;
  /** The login the answer completed (known state), with its redirect-mode return URL (null in popup mode). */
  flow?: { id: string; returnUrl: string | null };
};

export const STATE_REFUSED: CallbackOutcome = {
  status: 400,
  ok: false,
  message: 'This sign-in could not be verified (state mismatch or expired). Close this window and try again.',
};

/** Apple's first-login `user` field: `{ name: { firstName, lastName }, email }` (JSON, unsigned). */
const AppleUserSchema = z.object({
  name: z.optional(
    z.object({
      firstName: z.optional(z.string().check(z.maxLength(256))),
      lastName: z.optional(z.string().check(z.maxLength(256))),
    }),
  ),
});

/**
 * The display name in Apple's `user` form field ("First Last"), or null when absent or
 * malformed. The field is not signed (it comes from the browser's form), so it is used
 * for display only, control characters removed, at most 128 characters.
 */
export function appleUserName(raw: string | null): string | null {
  if (!raw || raw.length > 2048) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = AppleUserSchema.safeParse(json);
  if (!parsed.success) return null;
  const { firstName = '', lastName = '' } = parsed.data.name ?? {};
  const name = `${firstName} ${lastName}`
    .replace(/\p{Cc}|\p{Cf}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 128);
  return name || null;
}

/**
 * Completes a login from the provider's answer `params` (code, state, iss or error; for
 * Apple also `user`, the name sent on the first login only). The name is the identity's,
 * else Apple's `user` name, else the one stored at the identity's first login.
 * @returns the page to show; never throws for a refused answer (the login is marked failed)
 */
export async function completeCallback(
  deps: EmbeddedDeps,
  providers: SocialProviders,
  params: URLSearchParams,
): Promise<CallbackOutcome> {
  const state = params.get('state') ?? '';
  const [flow] = state
    ? await deps.db
        .select()
        .from(embeddedSocialFlows)
        .where(eq(embeddedSocialFlows.stateHash, hashToken(state)))
        .limit(1)
    : [];
  if (flow?.status !== 'pending' || !flow.verifier || flow.expiresAt <= deps.now()) return STATE_REFUSED;
  const config = providers[flow.provider as keyof SocialProviders];
  // The verifier is single use: gone before the code is even sent (only one request can take it).
  const taken = await deps.db
    .update(embeddedSocialFlows)
    .set({ verifier: null })
    .where(and(eq(embeddedSocialFlows.id, flow.id), eq(embeddedSocialFlows.verifier, flow.verifier)))
    .returning({ id: embeddedSocialFlows.id });
  if (!taken.length) return STATE_REFUSED;
  if (!config) return { status: 400, ok: false, message: 'This provider is no longer configured.' };
  try {
    const identity = await redeemCallback(config, params, {
      state,
      verifier: flow.verifier,
      nonce: nonceFor(flow.jkt),
      redirectUri: flow.redirectUri,
    });
    const firstLoginName = flow.provider === 'apple' ? appleUserName(params.get('user')) : null;
    const name = identity.name ?? firstLoginName ?? (await storedName(deps, flow.provider, identity.subject));
    await deps.db
      .update(embeddedSocialFlows)
      .set({ status: 'done', subject: identity.subject, email: identity.email, name })
      .where(eq(embeddedSocialFlows.id, flow.id));
    return {
      status: 200,
      ok: true,
      message: 'You are signed in. You can close this window and return to the app.',
      flow: { id: flow.id, returnUrl: flow.returnUrl },
    };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0]!.slice(0, 200);
    deps.log(`[api] social ${flow.provider} callback refused: ${message}`);
    await deps.db
      .update(embeddedSocialFlows)
      .set({ status: 'failed', message: 'The provider did not confirm the sign-in' })
      .where(eq(embeddedSocialFlows.id, flow.id));
    return {
      status: 400,
      ok: false,
      message: 'The provider did not confirm the sign-in. Close this window and try again.',
      flow: { id: flow.id, returnUrl: flow.returnUrl },
    };
  }
}

/** The name kept for a known identity (Apple sends it on the first login only). */
async function storedName(deps: EmbeddedDeps, provider: string, subject: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ name: embeddedSocialIdentities.name })
    .from(embeddedSocialIdentities)
    .where(and(eq(embeddedSocialIdentities.provider, provider), eq(embeddedSocialIdentities.subject, subject)))
    .limit(1);
  return row?.name ?? null;
}

/**
 * Reads an `application/x-www-form-urlencoded` body of at most {@link FORM_POST_MAX_BYTES}
 * (counted while reading, whatever Content-Length says).
 * @returns the parameters, or null for another content type, a larger body, or a repeated parameter
 */
export async function readFormPost(c: Context): Promise<URLSearchParams | null> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return null;
  const body = c.req.raw.body;
  if (!body) return new URLSearchParams();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > FORM_POST_MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  const names = [...params.keys()];
  if (new Set(names).size !== names.length) return null;
  return params;
}

/** Sends the callback page (no script, no framing, no caching, no referrer). */
export function callbackResponse(c: Context, outcome: CallbackOutcome): Response {
  for (const [name, value] of Object.entries(CALLBACK_PAGE_HEADERS)) c.header(name, value);
  return c.html(callbackPage(outcome.ok, outcome.message), outcome.status);
}
