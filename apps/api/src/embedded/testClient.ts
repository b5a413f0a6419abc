import { randomUUID, createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, base64url } from 'jose';

/**
 * Test helper: plays the secure frame against a real API over HTTP — a
 * non-extractable ES256 device key (WebCrypto), DPoP proofs (RFC 9449) on every
 * call, the access token as `Authorization: DPoP …`.
 */
export type TestDevice = {
  /** Calls `base + path`: JSON in and out, a fresh proof each time, the session's access token when signed in. */
  call: (
    path: string,
    options?: { method?: string; body?: unknown; headers?: Record<string, string>; proof?: string },
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  /** A proof for `method` `url` (and `accessToken`), for replay tests. */
  proof: (method: string, url: string, accessToken?: string) => Promise<string>;
  /** The current access token (set by `useSession`). */
  session: { accessToken?: string; refreshToken?: string };
};

/** A new device against the API at `base`, signing proofs with the clock `now` (ms). */
export async function testDevice(base: string, now: () => number = Date.now): Promise<TestDevice> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: false });
  const jwk = await exportJWK(publicKey);
  const session: TestDevice['session'] = {};
  const proof = (method: string, url: string, accessToken?: string) =>
    new SignJWT({
      htm: method,
      htu: url,
      jti: randomUUID(),
      ...(accessToken ? { ath: base64url.encode(createHash('sha256').update(accessToken).digest()) } : {}),
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
      .setIssuedAt(Math.floor(now() / 1000))
      .sign(privateKey);
  return {
    session,
    proof,
    call: async (path, { method, body, headers = {}, proof: given } = {}) => {
      const verb = method ?? (body === undefined ? 'GET' : 'POST');
      const url = new URL(path, base);
      const htu = `${url.origin}${url.pathname}`;
      const res = await fetch(url, {
        method: verb,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(session.accessToken ? { authorization: `DPoP ${session.accessToken}` } : {}),
          dpop: given ?? (await proof(verb, htu, session.accessToken)),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      if (res.ok && parsed && typeof parsed === 'object' && 'session' in parsed) {
        const s = (parsed as { session: { accessToken: string; refreshToken: string } }).session;
        session.accessToken = s.accessToken;
        session.refreshToken = s.refreshToken;
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
}
