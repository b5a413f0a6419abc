import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type KeyObject,
} from 'jose';

/**
 * Session tokens: the provider API signs one JWT (ES256) per verified sign-in and
 * publishes its public keys at `GET /.well-known/jwks.json`, so a dapp's backend checks a
 * session offline with {@link verifySessionToken} (or any JWT library).
 */

/** The JWS algorithm of session tokens (ECDSA P-256 with SHA-256, RFC 7518). */
export const SESSION_TOKEN_ALG = 'ES256';

/**
 * The claims of a session token:
 * - `iss` the API's public URL; `aud` the project id; `sub` the CAIP-10 account
 *   (`eip155:31337:0xf39F…2266`); `sid` the session id (for `/v1/sessions/{address}` and revoke);
 * - `domain` and `uri`: the site the visitor signed in to (the message's EIP-4361 fields);
 * - `iat` / `exp` seconds since the epoch (`exp` = the message's `expirationTime`).
 */
export type SessionClaims = {
  iss: string;
  aud: string;
  sub: string;
  sid: string;
  domain: string;
  uri: string;
  iat: number;
  exp: number;
};

/** Options of {@link createSessionToken}. */
export type CreateSessionTokenOptions = {
  /** The ES256 private key (a JWK with `d`, or a `CryptoKey` / `KeyObject`). */
  privateKey: JWK | CryptoKey | KeyObject;
  /** Key id written in the header (`kid`), matching the JWKS entry. */
  kid: string;
};

/**
 * Signs a session token with `claims` (ES256, header `kid`).
 * @throws when the key is not an ES256 private key.
 */
export async function createSessionToken(claims: SessionClaims, options: CreateSessionTokenOptions): Promise<string> {
  const { iss, aud, sub, iat, exp, ...rest } = claims;
  const key =
    'kty' in options.privateKey ? await importJWK(options.privateKey as JWK, SESSION_TOKEN_ALG) : options.privateKey;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: SESSION_TOKEN_ALG, kid: options.kid, typ: 'JWT' })
    .setIssuer(iss)
    .setAudience(aud)
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
}

/** Options of {@link verifySessionToken}: where the keys are, and what the token must say. */
export type VerifySessionTokenOptions = (
  | {
      /** The API's JWKS URL (`https://api.example.com/.well-known/jwks.json`); fetched and cached by jose. */
      jwksUrl: string | URL;
      jwks?: undefined;
    }
  | {
      /** The JWKS itself (fetched once by you, for a fully offline check). */
      jwks: JSONWebKeySet;
      jwksUrl?: undefined;
    }
) & {
  /** Your project id: the token's `aud`. */
  projectId: string;
  /** Your site's domain (RFC 3986 authority, `app.example.com` or `localhost:5173`): the token's `domain`. */
  domain: string;
  /** The API's URL: the token's `iss`; omitted = not checked. */
  issuer?: string | undefined;
  /** The instant to check `exp` against; default now. */
  currentDate?: Date | undefined;
  /**
   * Also ask the API whether the session was revoked (`GET {apiUrl}/v1/sessions/{address}`,
   * online, 5 s limit): a session that is not listed as active is refused ('Revoked').
   */
  revocation?: { apiUrl: string } | undefined;
};

/** The outcome of {@link verifySessionToken}. */
export type SessionTokenVerification = { valid: true; claims: SessionClaims } | { valid: false; reason: string };

/** How long the online revocation check may take, ms. */
export const REVOCATION_TIMEOUT_MS = 5_000;

/**
 * Verifies a session token: ES256 signature against the API's keys, `aud` = `projectId`,
 * `domain` = `domain`, `iss` (when given), not expired; optionally not revoked (online).
 * Never throws: `{ valid: false, reason }` with 'Expired', 'Domain mismatch', 'Revoked',
 * 'Revocation check failed' or jose's message ('signature verification failed', …).
 */
export async function verifySessionToken(
  token: string,
  options: VerifySessionTokenOptions,
): Promise<SessionTokenVerification> {
  const keys = options.jwks ? createLocalJWKSet(options.jwks) : createRemoteJWKSet(new URL(options.jwksUrl!));
  let claims: SessionClaims;
  try {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: [SESSION_TOKEN_ALG],
      audience: options.projectId,
      ...(options.issuer ? { issuer: options.issuer } : {}),
      ...(options.currentDate ? { currentDate: options.currentDate } : {}),
      requiredClaims: ['sub', 'sid', 'domain', 'uri', 'exp'],
    });
    claims = payload as unknown as SessionClaims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { valid: false, reason: 'Expired' };
    return { valid: false, reason: error instanceof Error ? error.message : 'Invalid token' };
  }
  if (claims.domain !== options.domain) return { valid: false, reason: 'Domain mismatch' };
  if (options.revocation) {
    const active = await activeSessionIds(options.revocation.apiUrl, options.projectId, claims.sub);
    if (!active) return { valid: false, reason: 'Revocation check failed' };
    if (!active.includes(claims.sid)) return { valid: false, reason: 'Revoked' };
  }
  return { valid: true, claims };
}

/** The ids of the active sessions of a CAIP-10 account at the API; null when the call failed. */
async function activeSessionIds(apiUrl: string, projectId: string, caipAddress: string): Promise<string[] | null> {
  try {
    const url = new URL(`/v1/sessions/${encodeURIComponent(caipAddress)}`, apiUrl);
    url.searchParams.set('projectId', projectId);
    const res = await fetch(url, { signal: AbortSignal.timeout(REVOCATION_TIMEOUT_MS) });
    if (!res.ok) return null;
    const body = (await res.json()) as { sessions?: { id?: unknown }[] };
    return (body.sessions ?? []).map((s) => String(s.id));
  } catch {
    return null;
  }
}
