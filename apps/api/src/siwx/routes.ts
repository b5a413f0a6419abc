import { Hono } from 'hono';
import { z } from 'zod/mini';
import { readJson } from '../http/body.ts';
import { parseInput } from '../http/errors.ts';
import type { AppEnv } from '../http/guard.ts';
import {
  issueNonce,
  listSessions,
  revokeSession,
  signedInput,
  verifyAndOpenSession,
  type SiwxDeps,
} from './service.ts';

/**
 * Body of `POST /v1/siwx/verify`: the message as signed and its signature, or a WalletConnect
 * one-click CACAO (CAIP-74) alone, or both (then the message must be the CACAO's text and
 * the signature its signature).
 */
export const VerifyBodySchema = z.union([
  z.object({
    message: z.string().check(z.minLength(1)).check(z.maxLength(4000)),
    signature: z.string().check(z.minLength(1)).check(z.maxLength(20_000)),
    cacao: z.optional(z.record(z.string(), z.unknown())),
  }),
  z.object({ cacao: z.record(z.string(), z.unknown()) }),
]);

/** Body of `POST /v1/sessions/{address}/revoke` (spec §7): `pci` the session id, `signature` the session's signature. */
export const RevokeBodySchema = z.object({
  pci: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  signature: z.string().check(z.minLength(1)).check(z.maxLength(20_000)),
});

/** The `{address}` path parameter: a CAIP-10 id or a bare address (eip155 `0x…`, base58). */
const AddressParamSchema = z.string().check(z.minLength(26)).check(z.maxLength(160));

/**
 * The sign-in calls, behind the project guard (projectId, origin, rate limits):
 * - `POST /v1/siwx/nonce` → `{ nonce, expiresAt }`;
 * - `POST /v1/siwx/verify` `{ message, signature }`, `{ cacao }` or both → `{ token, session }` (see
 *   `signedInput` and `verifyAndOpenSession`);
 * - `GET /v1/sessions/{address}` → `{ sessions: [...] }` (spec §7; active ones only);
 * - `POST /v1/sessions/{address}/revoke` `{ pci, signature }` → `{ revoked: true }` (spec §7).
 * The issuer (`iss`) of tokens is `publicUrl`, else the request's origin.
 */
export function siwxRoutes(deps: SiwxDeps & { publicUrl?: string | undefined }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/v1/siwx/nonce', async (c) => c.json(await issueNonce(deps, c.get('project').id)));
  app.post('/v1/siwx/verify', async (c) => {
    const body = parseInput(VerifyBodySchema, await readJson(c.req.raw));
    const issuer = deps.publicUrl ?? new URL(c.req.url).origin;
    return c.json(await verifyAndOpenSession(deps, c.get('project'), { ...signedInput(body), issuer }));
  });
  app.get('/v1/sessions/:address', async (c) => {
    const address = parseInput(AddressParamSchema, c.req.param('address'));
    return c.json({ sessions: await listSessions(deps, c.get('project').id, address) });
  });
  app.post('/v1/sessions/:address/revoke', async (c) => {
    const address = parseInput(AddressParamSchema, c.req.param('address'));
    const body = parseInput(RevokeBodySchema, await readJson(c.req.raw));
    await revokeSession(deps, c.get('project').id, address, body);
    return c.json({ revoked: true });
  });
  return app;
}

/**
 * `GET /.well-known/jwks.json`: the public keys of session tokens (RFC 7517), open to anyone
 * (no project id), cacheable for 5 minutes. Mounted before the project guard.
 */
export function jwksRoute(jwks: SiwxDeps['keys']['jwks']): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Access-Control-Allow-Origin', '*');
    return c.json(jwks);
  });
  return app;
}
