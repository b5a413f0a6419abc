import { base64url, calculateJwkThumbprint, EmbeddedJWK, jwtVerify, SignJWT } from 'jose';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';

/**
 * DPoP (RFC 9449): every embedded-wallet call carries a proof JWT signed by the
 * secure frame's non-extractable device key (ES256); the access token names
 * that key's thumbprint in `cnf.jkt`, so a stolen token is useless without the key.
 */

/** A proof is accepted this long after its `iat` (s), and up to 5 s early (clock skew). */
const PROOF_MAX_AGE_S = 60;

/**
 * Replay memory shared by every API instance over one database: the proof `jti`s seen while
 * their proofs are still acceptable (table `embedded_dpop_proofs`).
 */
export type ProofMemory = {
  /**
   * Records `jti` as used until `untilMs`, atomically.
   * @returns false when it is already recorded and not yet expired (a replay, on this instance or another).
   */
  remember: (jti: string, untilMs: number, nowMs: number) => Promise<boolean>;
};

/** Options of {@link createProofMemory}. */
export type ProofMemoryOptions = {
  /** Minimum ms between deletions of expired ids by this instance, default 60 000. */
  sweepEveryMs?: number;
  /** Where a failed sweep is reported (it is retried at the next one). */
  log?: (message: string) => void;
};

/**
 * Creates the replay memory over `db`: one `INSERT … ON CONFLICT` per proof (an expired row is
 * taken over), so two instances receiving one proof at once accept it once. Expired rows are
 * deleted now and then.
 */
export function createProofMemory(db: Db, options: ProofMemoryOptions = {}): ProofMemory {
  const sweepEveryMs = options.sweepEveryMs ?? 60_000;
  let lastSweep = Number.NEGATIVE_INFINITY;
  return {
    remember: async (jti, untilMs, nowMs) => {
      if (nowMs - lastSweep >= sweepEveryMs) {
        lastSweep = nowMs;
        db.execute(sql`DELETE FROM embedded_dpop_proofs WHERE expires_at <= ${nowMs}::float8`).catch((error: Error) =>
          options.log?.(`[api] DPoP proof sweep failed: ${error.message.split('\n')[0]}`),
        );
      }
      const result = (await db.execute(sql`
        INSERT INTO embedded_dpop_proofs AS p (jti, expires_at) VALUES (${jti}, ${untilMs}::float8)
        ON CONFLICT (jti) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE p.expires_at <= ${nowMs}::float8
        RETURNING jti
      `)) as unknown as { rows: unknown[] };
      return result.rows.length === 1;
    },
  };
}

/** What a valid proof proves: the device key's thumbprint (RFC 7638, base64url SHA-256). */
export type DeviceProof = { jkt: string };

/**
 * Verifies the `DPoP` header of a request.
 * @param proof the header value (a compact JWS with `typ: dpop+jwt` and the public `jwk` in its header)
 * @param method the request method (`htm`)
 * @param url the request URL without query or fragment (`htu`)
 * @param accessToken when given, the proof must carry `ath` = base64url(SHA-256(token))
 * @throws ApiError 401 'Invalid DPoP proof: …' when anything does not hold
 */
export async function verifyProof(
  proof: string | undefined,
  {
    method,
    url,
    accessToken,
    now,
    seen,
  }: { method: string; url: string; accessToken?: string; now: number; seen: ProofMemory },
): Promise<DeviceProof> {
  const fail = (why: string): never => {
    throw new ApiError(401, `Invalid DPoP proof: ${why}`);
  };
  if (!proof || proof.length > 4096) return fail('missing');
  let verified: Awaited<ReturnType<typeof jwtVerify>>;
  try {
    verified = await jwtVerify(proof, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: ['ES256'],
      maxTokenAge: `${PROOF_MAX_AGE_S}s`,
      clockTolerance: 5,
      currentDate: new Date(now),
    });
  } catch (error) {
    return fail((error as Error).message);
  }
  const { payload, protectedHeader } = verified;
  if (payload.htm !== method) fail('htm');
  if (payload.htu !== url) fail('htu');
  if (typeof payload.jti !== 'string' || payload.jti.length < 16 || payload.jti.length > 128) fail('jti');
  if (accessToken !== undefined) {
    const ath = base64url.encode(createHash('sha256').update(accessToken).digest());
    if (payload.ath !== ath) fail('ath');
  }
  if (!(await seen.remember(payload.jti as string, now + (PROOF_MAX_AGE_S + 10) * 1000, now))) fail('replayed');
  return { jkt: await calculateJwkThumbprint(protectedHeader.jwk!, 'sha256') };
}

/** Claims of an access token. */
export type AccessClaims = { accountId: string; sessionId: string; jkt: string };

/** Signs a short-lived access token (HS256) bound to the device key (`cnf.jkt`). */
export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  now: number,
  ttlMs: number,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, cnf: { jkt: claims.jkt } })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject(claims.accountId)
    .setAudience('airlock-embedded')
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor((now + ttlMs) / 1000))
    .sign(secret);
}

/**
 * Verifies an access token.
 * @throws ApiError 401 'Session expired' / 'Invalid session'
 */
export async function verifyAccessToken(secret: Uint8Array, token: string, now: number): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      typ: 'at+jwt',
      audience: 'airlock-embedded',
      currentDate: new Date(now),
    });
    const jkt = (payload.cnf as { jkt?: unknown } | undefined)?.jkt;
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof jkt !== 'string')
      throw new Error('claims');
    return { accountId: payload.sub, sessionId: payload.sid, jkt };
  } catch (error) {
    throw new ApiError(
      401,
      (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'Session expired' : 'Invalid session',
    );
  }
}
