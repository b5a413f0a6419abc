import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { SESSION_TOKEN_ALG } from '@airlock/siwx';

/**
 * The key that signs session tokens (ES256) and the JWKS that publishes its public half
 * (`GET /.well-known/jwks.json`).
 */
export type SessionKeys = {
  /** The private key. */
  privateKey: CryptoKey;
  /** Key id (RFC 7638 thumbprint of the public key), the tokens' `kid`. */
  kid: string;
  /** The public JWKS: `{ keys: [{ kty, crv, x, y, kid, alg, use }] }`. */
  jwks: { keys: JWK[] };
};

/**
 * Loads the signing key from a private JWK (env `AIRLOCK_SIWX_JWT_KEY`: EC P-256 with `d`),
 * or, without one, generates an ephemeral key (tokens then do not outlive the process).
 * @throws Error 'AIRLOCK_SIWX_JWT_KEY must be an EC P-256 private JWK' when the JWK is not one.
 */
export async function loadSessionKeys(privateJwk?: JWK): Promise<SessionKeys> {
  let privateKey: CryptoKey;
  let publicJwk: JWK;
  if (privateJwk) {
    if (privateJwk.kty !== 'EC' || privateJwk.crv !== 'P-256' || !privateJwk.d)
      throw new Error('AIRLOCK_SIWX_JWT_KEY must be an EC P-256 private JWK');
    privateKey = (await importJWK(privateJwk, SESSION_TOKEN_ALG)) as CryptoKey;
    const { d: _d, ...rest } = privateJwk;
    publicJwk = { kty: rest.kty, crv: rest.crv, x: rest.x, y: rest.y };
  } else {
    const pair = await generateKeyPair(SESSION_TOKEN_ALG, { extractable: true });
    privateKey = pair.privateKey;
    const { kty, crv, x, y } = await exportJWK(pair.publicKey);
    publicJwk = { kty, crv, x, y };
  }
  const kid = await calculateJwkThumbprint(publicJwk);
  return { privateKey, kid, jwks: { keys: [{ ...publicJwk, kid, alg: SESSION_TOKEN_ALG, use: 'sig' }] } };
}
