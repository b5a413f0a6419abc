import type { RateLimitConfig } from '../db/schema.ts';
import { DEFAULT_RATE_LIMIT } from './rateLimit.ts';

/**
 * The API's request limits. Token buckets are `{ capacity (requests of
 * burst), refillPerSecond (requests per second sustained) }`; "client" is
 * the client IP (see `clientAddress`). A request passes, in order:
 * 1. `perIp` — every request of one client IP, any project, before anything
 *    else (also requests that end in 400 or 401);
 * 2. `unknownProject` — per client IP, requests whose project id turns out
 *    unknown (401). Checked before the database lookup (a project id the
 *    server has not just seen takes a token, given back when the project
 *    exists), so a flood of random ids is refused without querying the
 *    database, and valid callers never use this bucket up;
 * 3. per client of a project, keyed (project, IP): the project's own
 *    `rate_limit`, else `perClient`;
 * 4. `perProject` — all clients of one project together, sized for many
 *    clients: one IP can take at most its `perClient` share of it.
 * POST /e (analytics) then also takes from `eventsPerIp` and
 * `eventsPerProject`, and its body is capped at `eventMaxBytes`.
 */
export type ApiLimits = {
  /** Every request of one client IP, any project (step 1). */
  perIp: RateLimitConfig;
  /** Requests of one client IP whose project id is unknown (step 2). */
  unknownProject: RateLimitConfig;
  /** One client IP of one project, unless the project sets its own `rate_limit` (step 3). */
  perClient: RateLimitConfig;
  /** All clients of one project together (step 4). */
  perProject: RateLimitConfig;
  /** Analytics events (POST /e) of one client IP. */
  eventsPerIp: RateLimitConfig;
  /** Analytics events of one project. */
  eventsPerProject: RateLimitConfig;
  /** Analytics body limit in bytes (413 above). */
  eventMaxBytes: number;
  /** Most buckets the limiter holds; past it the least recently used is dropped. */
  maxKeys: number;
  /** How long a project lookup (found or not) is reused, ms. */
  projectCacheMs: number;
  /** Most project ids the lookup cache holds. */
  projectCacheEntries: number;
};

/**
 * Defaults, well above what the frame does (a burst of a few dozen calls at
 * start, then a few per minute; a few analytics events per minute), so the
 * e2e suite and `npm start` never meet them even with every test browser on
 * 127.0.0.1.
 */
export const DEFAULT_LIMITS: ApiLimits = {
  perIp: { capacity: 600, refillPerSecond: 100 },
  unknownProject: { capacity: 30, refillPerSecond: 0.5 },
  perClient: DEFAULT_RATE_LIMIT,
  perProject: { capacity: 20_000, refillPerSecond: 2000 },
  eventsPerIp: { capacity: 60, refillPerSecond: 1 },
  eventsPerProject: { capacity: 6000, refillPerSecond: 200 },
  eventMaxBytes: 8192,
  maxKeys: 100_000,
  projectCacheMs: 5000,
  projectCacheEntries: 10_000,
};
