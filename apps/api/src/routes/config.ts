import { Hono } from 'hono';
import { z } from 'zod/mini';
import { isCaipNetworkId, Message } from '@airlock/protocol';
import type { Db } from '../db/client.ts';
import { resolveFeatures } from '../projects.ts';
import { listWallets } from '../wallets.ts';
import { parseInput } from '../http/errors.ts';
import type { AppEnv } from '../http/guard.ts';

/** A comma-separated list query parameter (`a,b,c`, at most 100 items, empty items dropped); every item must pass `isItem`. */
const commaList = (isItem: (item: string) => boolean = (item) => item.length <= 128, message = 'Invalid input') =>
  z
    .pipe(
      z.string().check(z.maxLength(4000)),
      z.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    )
    .check(z.refine((list) => list.length <= 100 && list.every(isItem), { error: message }));

/**
 * Query of GET /getWallets (spec §7, §9 page size 40): `page` ≥ 1 (default
 * 1), `entries` 1–100 (default 40), `include` / `exclude` (comma lists of
 * wallet ids), `chains` (comma list of CAIP-2 ids), `search` (≤ 100 chars),
 * `badge_type` (`none` | `certified`).
 */
export const GetWalletsQuerySchema = z.object({
  page: z._default(
    z.coerce
      .number()
      .check(z.refine(Number.isInteger, { error: 'Expected an integer' }))
      .check(z.gte(1)),
    1,
  ),
  entries: z._default(
    z.coerce
      .number()
      .check(z.refine(Number.isInteger, { error: 'Expected an integer' }))
      .check(z.gte(1))
      .check(z.lte(100)),
    40,
  ),
  include: z.optional(commaList()),
  exclude: z.optional(commaList()),
  chains: z.optional(commaList(isCaipNetworkId, Message.InvalidCaipNetworkId)),
  search: z.optional(z.string().check(z.maxLength(100))),
  badge_type: z.optional(z.enum(['none', 'certified'])),
});

/**
 * Configuration calls (spec §7): GET /appkit/v1/config → `{ features }`,
 * GET /projects/v1/origins → `{ allowedOrigins }`, GET /getWallets →
 * `{ data, count }`. (Analytics calls: `analyticsRoutes`.)
 */
export function configRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/appkit/v1/config', (c) => c.json({ features: resolveFeatures(c.get('project')) }));
  app.get('/projects/v1/origins', (c) => c.json({ allowedOrigins: c.get('project').allowedOrigins }));
  app.get('/getWallets', async (c) => {
    const q = parseInput(GetWalletsQuerySchema, c.req.query());
    return c.json(
      await listWallets(db, {
        page: q.page,
        entries: q.entries,
        include: q.include,
        exclude: q.exclude,
        chains: q.chains,
        search: q.search,
        badge_type: q.badge_type,
      }),
    );
  });
  return app;
}
