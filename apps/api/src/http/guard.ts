import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { isOriginAllowed } from '@airlock/protocol';
import type { Db } from '../db/client.ts';
import type { RateLimitConfig } from '../db/schema.ts';
import { getProject, type Project } from '../projects.ts';
import { ApiError, ApiMessage, parseInput } from './errors.ts';
import type { RateLimiter } from './rateLimit.ts';

/** Hono environment of the API: the guard puts the caller's project and origin in the context. */
export type AppEnv = {
  Variables: {
    /** The project named by `projectId`. */
    project: Project;
    /** The request's Origin header, null when absent (server-side callers). */
    origin: string | null;
  };
};

/**
 * Query parameters every call carries (spec §7): `projectId`, `st` (sdk
 * type) and `sv` (sdk version). projectId is required; st and sv are
 * optional short strings (they are logged, never trusted).
 */
export const CommonQuerySchema = z.object({
  projectId: z.string().min(1).max(128),
  st: z.string().max(64).optional(),
  sv: z.string().max(64).optional(),
});

/**
 * The guard in front of every route:
 * 1. 400 when projectId / st / sv are malformed (spec §5 messages);
 * 2. 401 `{ message: 'Unauthorized: invalid key' }` for an unknown project;
 * 3. 403 `{ message: 'Unauthorized: origin not allowed' }` when an Origin
 *    header is present and outside the project's allowed origins (spec §5
 *    wildcards via `isOriginAllowed`); requests without Origin (curl,
 *    servers, same-origin GETs) pass;
 * 4. CORS: answers preflights (OPTIONS → 204) for allowed origins;
 * 5. 429 with `Retry-After` (seconds) when the project's bucket is empty.
 *
 * Every response to a request with an Origin header carries
 * `Access-Control-Allow-Origin: <that origin>` so the browser lets the caller
 * read error statuses (the frame needs to see 401/403/429); data is only ever
 * served once the origin passed step 3.
 */
export function projectGuard(deps: { db: Db; limiter: RateLimiter; defaultRateLimit: RateLimitConfig }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin') ?? null;
    if (origin) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Vary', 'Origin');
      c.header('Access-Control-Expose-Headers', 'Retry-After, X-Airlock-Price-Source');
    }
    const { projectId } = parseInput(CommonQuerySchema, c.req.query());
    const project = await getProject(deps.db, projectId);
    if (!project) throw new ApiError(401, ApiMessage.InvalidKey);
    if (origin && !isOriginAllowed(origin, project.allowedOrigins)) throw new ApiError(403, ApiMessage.OriginNotAllowed);
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      c.header('Access-Control-Allow-Headers', 'Content-Type');
      c.header('Access-Control-Max-Age', '600');
      return c.body(null, 204);
    }
    const taken = deps.limiter.take(project.id, project.rateLimit ?? deps.defaultRateLimit);
    if (!taken.ok) throw new ApiError(429, ApiMessage.RateLimited, { 'Retry-After': String(taken.retryAfterSeconds) });
    c.set('project', project);
    c.set('origin', origin);
    await next();
  };
}
