import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod/mini';
import type { Db } from '../db/client.ts';
import { analyticsEvents } from '../db/schema.ts';
import { ApiMessage, parseInput } from '../http/errors.ts';
import { refuseWhenLimited, type AppEnv } from '../http/guard.ts';
import type { ApiLimits } from '../http/limits.ts';
import type { RateLimiter } from '../http/rateLimit.ts';
import { resolveFeatures } from '../projects.ts';
import { readJson } from '../http/body.ts';

/** Bounds of an analytics event's `props` (see {@link propsProblem}). */
export const PROPS_LIMITS = {
  /** Nesting: the props object is level 1; objects and arrays inside it count one level each. */
  maxDepth: 3,
  /** Keys and array items over the whole value. */
  maxEntries: 64,
  /** Characters of one key. */
  maxKeyLength: 64,
  /** Characters of one string value. */
  maxStringLength: 1000,
  /** Bytes of the props as JSON (UTF-8). */
  maxBytes: 4096,
} as const;

/** How far an event's `timestamp` may be from the server clock: 7 days back, 1 day ahead (client clock skew), in ms. */
export const TIMESTAMP_WINDOW = { pastMs: 7 * 24 * 3600_000, futureMs: 24 * 3600_000 } as const;

/**
 * What is wrong with `props` (a parsed JSON object), or undefined when it is
 * within {@link PROPS_LIMITS}: too deep, too many keys or items, a key or a
 * string too long, a number that is not finite, or too many bytes.
 */
export function propsProblem(props: Record<string, unknown>): string | undefined {
  let entries = 0;
  const walk = (value: unknown, depth: number): string | undefined => {
    if (value === null || typeof value === 'boolean') return undefined;
    if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'Invalid number';
    if (typeof value === 'string')
      return value.length > PROPS_LIMITS.maxStringLength
        ? `Strings must be at most ${PROPS_LIMITS.maxStringLength} characters`
        : undefined;
    if (typeof value !== 'object') return 'Invalid input';
    if (depth > PROPS_LIMITS.maxDepth) return `Nested deeper than ${PROPS_LIMITS.maxDepth} levels`;
    const children = Array.isArray(value) ? value : Object.values(value);
    if (!Array.isArray(value) && Object.keys(value).some((key) => key.length > PROPS_LIMITS.maxKeyLength))
      return `Keys must be at most ${PROPS_LIMITS.maxKeyLength} characters`;
    entries += children.length;
    if (entries > PROPS_LIMITS.maxEntries) return `More than ${PROPS_LIMITS.maxEntries} keys and items`;
    for (const child of children) {
      const problem = walk(child, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  };
  const problem = walk(props, 1);
  if (problem) return problem;
  if (Buffer.byteLength(JSON.stringify(props)) > PROPS_LIMITS.maxBytes)
    return `Larger than ${PROPS_LIMITS.maxBytes} bytes`;
  return undefined;
}

const isHttpUrl = (value: string) => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Body of POST /e (spec §3 'Analytics event', §7), as the frame sends it:
 * `eventId` (a UUID, `crypto.randomUUID()`), `url` (the dapp page, an
 * http(s) URL, ≤ 2048 characters), `domain` (its host[:port], ≤ 261
 * characters, may be empty), `timestamp` (ms since the epoch, within
 * {@link TIMESTAMP_WINDOW} of `now()`), `props` (a JSON object within
 * {@link PROPS_LIMITS}, e.g. `{ event: 'CONNECT_SUCCESS', address }`).
 * Unknown top-level keys are refused.
 * @param now server clock in ms
 */
export function analyticsEventSchema(now: () => number) {
  return z.strictObject({
    eventId: z.uuid(),
    url: z
      .string()
      .check(z.maxLength(2048))
      .check(z.refine(isHttpUrl, { error: 'Invalid URL' })),
    domain: z
      .string()
      .check(z.maxLength(261))
      .check(z.regex(/^[-a-zA-Z0-9.:[\]]*$/, { error: 'Invalid domain' })),
    timestamp: z.int().check(
      z.refine((t) => t >= now() - TIMESTAMP_WINDOW.pastMs && t <= now() + TIMESTAMP_WINDOW.futureMs, {
        error: 'Timestamp out of range',
      }),
    ),
    props: z._default(z.record(z.string(), z.unknown()), {}).check(
      z.superRefine((props, ctx) => {
        const problem = propsProblem(props);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
  });
}

/** Dependencies of {@link analyticsRoutes}. */
export type AnalyticsDeps = {
  db: Db;
  limiter: RateLimiter;
  limits: Pick<ApiLimits, 'eventsPerIp' | 'eventsPerProject' | 'eventMaxBytes'>;
  /** Server clock in ms (timestamp window). */
  now: () => number;
};

/**
 * Analytics calls (spec §7): GET /getAnalyticsConfig → `{ isAnalyticsEnabled }`;
 * POST /e → `{ stored }` (stored only while the project's analytics feature
 * is on). POST /e answers 413 'Payload too large' over `eventMaxBytes`,
 * 429 'Rate limit exceeded' (with Retry-After) when the client IP's or the
 * project's event bucket is empty, 400 `path: message` for a malformed event.
 * Events are unauthenticated claims: the stored `origin` is whatever Origin
 * header the caller sent.
 */
export function analyticsRoutes(deps: AnalyticsDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const schema = analyticsEventSchema(deps.now);
  app.get('/getAnalyticsConfig', (c) =>
    c.json({ isAnalyticsEnabled: resolveFeatures(c.get('project')).analytics !== false }),
  );
  app.post(
    '/e',
    bodyLimit({
      maxSize: deps.limits.eventMaxBytes,
      onError: (c) => c.json({ message: ApiMessage.PayloadTooLarge }, 413),
    }),
    async (c) => {
      const project = c.get('project');
      refuseWhenLimited(await deps.limiter.take(`events-ip:${c.get('client')}`, deps.limits.eventsPerIp));
      refuseWhenLimited(await deps.limiter.take(`events-project:${project.id}`, deps.limits.eventsPerProject));
      const event = parseInput(schema, await readJson(c.req.raw));
      if (resolveFeatures(project).analytics === false) return c.json({ stored: false });
      await deps.db.insert(analyticsEvents).values({ projectId: project.id, origin: c.get('origin'), ...event });
      return c.json({ stored: true });
    },
  );
  return app;
}
