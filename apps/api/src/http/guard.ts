import type { MiddlewareHandler } from 'hono';
import { z } from 'zod/mini';
import { isOriginAllowed } from '@airlock/protocol';
import type { ProjectCache } from '../projectCache.ts';
import type { Project } from '../projects.ts';
import { ApiError, ApiMessage, parseInput } from './errors.ts';
import type { ApiLimits } from './limits.ts';
import type { RateLimiter, TakeResult } from './rateLimit.ts';

/** Hono environment of the API: the guard puts the caller's project, origin and client key in the context. */
export type AppEnv = {
  Variables: {
    /** The project named by `projectId`. */
    project: Project;
    /** The request's Origin header, null when absent (server-side callers). Claimed by the caller, never proof of anything. */
    origin: string | null;
    /** The client's rate-limit key: its IP (IPv6 as the /64), see `clientAddress`. */
    client: string;
  };
};

/**
 * Query parameters every call carries (spec §7): `projectId`, `st` (sdk
 * type) and `sv` (sdk version). projectId is required; st and sv are
 * optional short strings (they are logged, never trusted).
 */
export const CommonQuerySchema = z.object({
  projectId: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  st: z.optional(z.string().check(z.maxLength(64))),
  sv: z.optional(z.string().check(z.maxLength(64))),
});

/** Dependencies of {@link projectGuard}. */
export type GuardDeps = {
  /** Cached project lookup. */
  projects: ProjectCache;
  limiter: RateLimiter;
  limits: Pick<ApiLimits, 'perIp' | 'unknownProject' | 'perClient' | 'perProject'>;
  /** The client's rate-limit key for a request (see `clientAddress`). */
  clientOf: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => string;
  /**
   * The embedded wallet's secure-frame origins (`AIRLOCK_API_SECURE_FRAME_ORIGINS`): accepted for every
   * project on the bundler call (`/v1/bundler`), which the secure frame makes for the dapp it verified
   * against the project (its own origin is never among a dapp's). Default none.
   */
  secureFrameOrigins?: readonly string[];
};

/** Paths a secure-frame origin may call for any project (the embedded wallet's smart accounts, spec §7). */
const SECURE_FRAME_PATHS: ReadonlySet<string> = new Set(['/v1/bundler', '/v1/bundler/']);

/** @throws ApiError 429 'Rate limit exceeded' with `Retry-After` (seconds) when `taken` failed. */
export function refuseWhenLimited(taken: TakeResult): void {
  if (!taken.ok) throw new ApiError(429, ApiMessage.RateLimited, { 'Retry-After': String(taken.retryAfterSeconds) });
}

/**
 * The guard in front of every route, in this order:
 * 1. 429 when the client IP's bucket is empty (`limits.perIp`);
 * 2. 400 when projectId / st / sv are malformed (spec §5 messages);
 * 3. 429 when the project id is not a recently seen project and the client
 *    IP's `limits.unknownProject` bucket is empty — answered without a
 *    database lookup; the token is given back when the project exists, so
 *    only unknown ids (401s) use this bucket up;
 * 4. 401 `{ message: 'Unauthorized: invalid key' }` for an unknown project
 *    (lookups are cached briefly, found or not);
 * 5. 403 `{ message: 'Unauthorized: origin not allowed' }` when an Origin
 *    header is present and outside the project's allowed origins (spec §5
 *    wildcards via `isOriginAllowed`); requests without Origin (curl,
 *    servers, same-origin GETs) pass. This stops a browser page on another
 *    site from using the project id; it authenticates nobody, since any
 *    non-browser caller can send any Origin; the embedded wallet's secure-frame
 *    origins pass on the bundler call (`secureFrameOrigins`);
 * 6. CORS: answers preflights (OPTIONS → 204) for allowed origins;
 * 7. 429 when the (project, client IP) bucket is empty (the project's
 *    `rate_limit`, else `limits.perClient`), then when the project's
 *    aggregate bucket is (`limits.perProject`).
 *
 * Every response to a request with an Origin header carries
 * `Access-Control-Allow-Origin: <that origin>` so the browser lets the caller
 * read error statuses (the frame needs to see 401/403/429); data is only ever
 * served once the origin passed step 5.
 */
export function projectGuard(deps: GuardDeps): MiddlewareHandler<AppEnv> {
  const { limiter, limits } = deps;
  return async (c, next) => {
    const origin = c.req.header('origin') ?? null;
    if (origin) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Vary', 'Origin');
      c.header('Access-Control-Expose-Headers', 'Retry-After, X-Airlock-Price-Source');
    }
    const client = deps.clientOf(c);
    refuseWhenLimited(await limiter.take(`ip:${client}`, limits.perIp));
    const { projectId } = parseInput(CommonQuerySchema, c.req.query());
    // A project id the server has not just seen costs a token of the IP's unknown-project bucket while it is
    // looked up (taken before the lookup, atomically, so a concurrent flood cannot slip past), given back when
    // the project exists.
    const unknownKey = `unknown:${client}`;
    const seen = deps.projects.known(projectId) !== undefined;
    if (!seen) refuseWhenLimited(await limiter.take(unknownKey, limits.unknownProject));
    const project = await deps.projects.get(projectId);
    if (!project) throw new ApiError(401, ApiMessage.InvalidKey);
    if (!seen) await limiter.refund(unknownKey);
    const secureFrame =
      origin !== null &&
      (deps.secureFrameOrigins ?? []).includes(origin) &&
      SECURE_FRAME_PATHS.has(new URL(c.req.url).pathname);
    if (origin && !secureFrame && !isOriginAllowed(origin, project.allowedOrigins))
      throw new ApiError(403, ApiMessage.OriginNotAllowed);
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      c.header('Access-Control-Allow-Headers', 'Content-Type');
      c.header('Access-Control-Max-Age', '600');
      return c.body(null, 204);
    }
    refuseWhenLimited(await limiter.take(`client:${project.id}\n${client}`, project.rateLimit ?? limits.perClient));
    refuseWhenLimited(await limiter.take(`project:${project.id}`, limits.perProject));
    c.set('project', project);
    c.set('origin', origin);
    c.set('client', client);
    await next();
  };
}
