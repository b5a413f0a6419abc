import type { Context, MiddlewareHandler } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginError } from '@airlock/protocol';
import { ApiError } from '../http/errors.ts';
import type { RateLimiter } from '../http/rateLimit.ts';
import type { RateLimitConfig } from '../db/schema.ts';
import type { ProjectCache } from '../projectCache.ts';
import { CODE_RULES, type EmbeddedOptions } from './config.ts';
import { createProofMemory, signAccessToken, verifyAccessToken, verifyProof, type ProofMemory } from './dpop.ts';
import { createMailer, type SendMail } from './mail.ts';
import { deriveKey, hashToken, randomToken } from './secrets.ts';
import { embeddedAccounts, embeddedSessions } from './tables.ts';

/** Everything the embedded routes share: database, limiter, clock, keys, mailer, replay memory (shared through the database). */
export type EmbeddedDeps = {
  db: Db;
  projects: ProjectCache;
  limiter: RateLimiter;
  /** Now in ms since the epoch: codes, cool-downs, sessions, approval links (moved by the e2e test clock). */
  now: () => number;
  /**
   * The clock DPoP proofs are checked against (ms since the epoch). They are made on the device's
   * clock, so this stays the real clock when the e2e test clock moves {@link EmbeddedDeps.now}.
   */
  proofNow: () => number;
  log: (message: string) => void;
  /** The client's rate-limit key (IP) of a request. */
  clientOf: (c: Context) => string;
  options: EmbeddedOptions;
  sendMail: SendMail;
  /** HS256 key of access tokens. */
  sessionKey: Uint8Array;
  /** HMAC key of stored codes. */
  codePepper: Uint8Array;
  seen: ProofMemory;
};

/** Per-email and per-IP token buckets of the embedded routes. */
export const EMBEDDED_LIMITS: Record<
  'mailPerEmail' | 'mailPerIp' | 'verifyPerIp' | 'verifyPerEmail' | 'recoveryPerAccount' | 'pricePerSession',
  RateLimitConfig
> = {
  /** Mails (codes, approval links) to one address: 6 of burst, then one per 2 minutes. */
  mailPerEmail: { capacity: 6, refillPerSecond: 1 / 120 },
  /** Mails asked from one IP: 20 of burst, then one per 15 s. */
  mailPerIp: { capacity: 20, refillPerSecond: 1 / 15 },
  /** Code checks and logins from one IP: 30 of burst, then one per 2 s. */
  verifyPerIp: { capacity: 30, refillPerSecond: 0.5 },
  /**
   * Wrong code tries at one address, whatever code, device key or IP they come from: 10 of burst,
   * then one per 5 minutes (a right code gives its token back).
   */
  verifyPerEmail: { capacity: 10, refillPerSecond: 1 / 300 },
  /** Recovery share releases per account: 10 of burst, then one per 6 minutes. */
  recoveryPerAccount: { capacity: 10, refillPerSecond: 1 / 360 },
  /** Native-currency price reads of one session (one per transaction approval): 30 of burst, then one per 2 s. */
  pricePerSession: { capacity: 30, refillPerSecond: 0.5 },
};

/** Builds the shared deps from the options (keys derived, mailer created; `proofNow` defaults to `now`). */
export function createEmbeddedDeps(
  base: Omit<EmbeddedDeps, 'sendMail' | 'sessionKey' | 'codePepper' | 'seen' | 'proofNow'> & {
    sendMail?: SendMail;
    proofNow?: () => number;
  },
): EmbeddedDeps {
  const master = base.options.sessionSecret ?? deriveKey(base.options.recoveryKey, 'airlock-embedded-session');
  return {
    ...base,
    proofNow: base.proofNow ?? base.now,
    sendMail:
      base.sendMail ?? createMailer(base.options.smtpUrl, base.options.mailFrom ?? 'Airlock <no-reply@airlock.local>'),
    sessionKey: deriveKey(master, 'access-token'),
    codePepper: deriveKey(master, 'code-pepper'),
    seen: createProofMemory(base.db, { log: base.log }),
  };
}

/** Takes a token from a bucket. @throws ApiError 429 'Too many requests. Please try again after N seconds'. */
export async function limit(deps: EmbeddedDeps, key: string, config: RateLimitConfig): Promise<void> {
  const taken = await deps.limiter.take(key, config);
  if (!taken.ok)
    throw new ApiError(
      429,
      `Too many requests. Please try again after ${taken.retryAfterSeconds} seconds`,
      { 'Retry-After': String(taken.retryAfterSeconds) },
      loginError('RateLimited', { seconds: taken.retryAfterSeconds }),
    );
}

/** @throws ApiError 429 with the exact spec §5 message when the last mail of this kind went out less than 30 s ago. */
export function enforceCooldown(deps: EmbeddedDeps, lastSentAt: number | undefined): void {
  if (lastSentAt === undefined) return;
  const wait = lastSentAt + CODE_RULES.cooldownMs - deps.now();
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new ApiError(
      429,
      `Please try again after ${seconds} seconds`,
      { 'Retry-After': String(seconds) },
      loginError('Cooldown', { seconds }),
    );
  }
}

/** The URL a DPoP proof must name (`htu`): the public URL when configured, else the request's, without query. */
export function proofUrl(deps: EmbeddedDeps, c: Context): string {
  const url = new URL(c.req.url);
  const base = deps.options.publicUrl ? new URL(deps.options.publicUrl) : url;
  return `${base.origin}${url.pathname}`;
}

/** Verifies the request's DPoP proof (no access token). @returns the device key thumbprint. */
export async function deviceOf(deps: EmbeddedDeps, c: Context): Promise<string> {
  const { jkt } = await verifyProof(c.req.header('dpop'), {
    method: c.req.method,
    url: proofUrl(deps, c),
    now: deps.proofNow(),
    seen: deps.seen,
  });
  return jkt;
}

/** An authenticated caller: account, session and device key. */
export type Caller = { accountId: string; sessionId: string; jkt: string };

/**
 * Authenticates a request: `Authorization: DPoP <access token>` and a `DPoP`
 * proof by the same device key (`cnf.jkt`), over this method and URL, with `ath`;
 * the session must not be revoked.
 * @throws ApiError 401
 */
export async function callerOf(deps: EmbeddedDeps, c: Context): Promise<Caller> {
  const header = c.req.header('authorization') ?? '';
  const token = header.startsWith('DPoP ') ? header.slice(5).trim() : '';
  if (!token) throw new ApiError(401, 'Not signed in');
  const claims = await verifyAccessToken(deps.sessionKey, token, deps.now());
  const { jkt } = await verifyProof(c.req.header('dpop'), {
    method: c.req.method,
    url: proofUrl(deps, c),
    accessToken: token,
    now: deps.proofNow(),
    seen: deps.seen,
  });
  if (jkt !== claims.jkt) throw new ApiError(401, 'Invalid DPoP proof: key does not match the session');
  const [session] = await deps.db
    .select({ id: embeddedSessions.id })
    .from(embeddedSessions)
    .where(and(eq(embeddedSessions.id, claims.sessionId), isNull(embeddedSessions.revokedAt)))
    .limit(1);
  if (!session) throw new ApiError(401, 'Session ended');
  return claims;
}

/** A session as the secure frame receives it. `expiresIn` in seconds (access token). */
export type SessionTokens = { accessToken: string; refreshToken: string; expiresIn: number };

/** Opens a session for (account, device key): a refresh token (stored hashed) and an access token. */
export async function openSession(deps: EmbeddedDeps, accountId: string, jkt: string): Promise<SessionTokens> {
  const now = deps.now();
  const refreshToken = randomToken();
  const sessionId = randomToken(16);
  await deps.db.insert(embeddedSessions).values({
    id: sessionId,
    accountId,
    jkt,
    refreshHash: hashToken(refreshToken),
    expiresAt: now + (deps.options.refreshTtlMs ?? 30 * 86_400_000),
    createdAt: now,
  });
  return { ...(await accessFor(deps, { accountId, sessionId, jkt })), refreshToken };
}

/** A fresh access token for a session. */
export async function accessFor(
  deps: EmbeddedDeps,
  claims: Caller,
): Promise<{ accessToken: string; expiresIn: number }> {
  const ttl = deps.options.accessTokenTtlMs ?? 10 * 60_000;
  return {
    accessToken: await signAccessToken(deps.sessionKey, claims, deps.now(), ttl),
    expiresIn: Math.floor(ttl / 1000),
  };
}

/**
 * What the secure frame learns about its account: email (null for an account signed in
 * without one, e.g. Farcaster) and the registered addresses (null before the wallet exists).
 */
export type AccountView = { email: string | null; addresses: { eip155: string; solana: string } | null };

/** The account view of an account id. @throws ApiError 401 when it is gone. */
export async function accountView(deps: EmbeddedDeps, accountId: string): Promise<AccountView> {
  const [row] = await deps.db.select().from(embeddedAccounts).where(eq(embeddedAccounts.id, accountId)).limit(1);
  if (!row) throw new ApiError(401, 'Account not found');
  return {
    email: row.email,
    addresses: row.eip155Address && row.solanaAddress ? { eip155: row.eip155Address, solana: row.solanaAddress } : null,
  };
}

/**
 * CORS of the embedded routes: only the secure frame origins may call them from a
 * browser (403 for any other Origin); preflights answered with the DPoP headers.
 */
export function secureFrameCors(origins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin) {
      if (!origins.includes(origin)) throw new ApiError(403, 'Unauthorized: origin not allowed');
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Vary', 'Origin');
      c.header('Access-Control-Expose-Headers', 'Retry-After');
      if (c.req.method === 'OPTIONS') {
        c.header('Access-Control-Allow-Methods', 'GET, POST, PUT, OPTIONS');
        c.header('Access-Control-Allow-Headers', 'Content-Type, Authorization, DPoP');
        c.header('Access-Control-Max-Age', '600');
        return c.body(null, 204);
      }
    }
    c.header('Cache-Control', 'no-store');
    await next();
  };
}
