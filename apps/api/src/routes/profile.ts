import { Hono } from 'hono';
import { z } from 'zod/mini';
import type { Chain } from '../chains.ts';
import type { Db } from '../db/client.ts';
import { readJson } from '../http/body.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import type { AppEnv } from '../http/guard.ts';
import { getName, NameMessage, namesOf, parseName, registerName, suggestNames } from '../profile/names.ts';
import { EvmAddressSchema } from './blockchain.ts';

/** Query of GET /v1/profile/suggestions/{name} (spec §7): optional `zone` (e.g. `reown.id`). */
export const SuggestionsQuerySchema = z.object({ zone: z.optional(z.string().check(z.maxLength(253))) });

/**
 * Body of POST /v1/profile/account (spec §7): `coin_type` (ENSIP-11: 60, or
 * 0x80000000 | chainId), `address` (0x…), `message` (the register-name JSON
 * string), `signature` (0x hex, at least 62 hex characters per spec §5).
 */
export const RegisterBodySchema = z.object({
  coin_type: z.int().check(z.gte(0)).check(z.lte(0xffffffff)),
  address: z.pipe(
    EvmAddressSchema,
    z.transform((a) => (a.startsWith('0x') ? a : `0x${a}`) as `0x${string}`),
  ),
  message: z.string().check(z.minLength(1)).check(z.maxLength(2048)),
  signature: z.pipe(
    z
      .string()
      .check(z.regex(/^0x[0-9a-fA-F]{62,}$/, { error: 'Invalid signature' }))
      .check(z.maxLength(20_000)),
    z.transform((s) => s as `0x${string}`),
  ),
});

/** Dependencies of {@link profileRoutes}. */
export type ProfileDeps = {
  db: Db;
  chains: Map<string, Chain>;
  /** Zones names are registered under, without the leading dot (`reown.id`, `wcn.id`); empty = no names. */
  nameZones: readonly string[];
  /** Server clock in ms. */
  now: () => number;
};

/**
 * The name calls of spec §7: `GET /v1/profile/account/{name}` (404 'Name not
 * found'), `GET /v1/profile/reverse/{address}` (a list, oldest first),
 * `GET /v1/profile/suggestions/{name}` (`{ suggestions: [{ name, registered }] }`)
 * and `POST /v1/profile/account` (`{ success: true, name }`; see `registerName`
 * for the checks and their messages).
 */
export function profileRoutes(deps: ProfileDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/v1/profile/account/:name', async (c) => {
    const { name } = parseName(c.req.param('name'), deps.nameZones);
    const profile = await getName(deps.db, name);
    if (!profile) throw new ApiError(404, NameMessage.NotFound);
    return c.json(profile);
  });

  app.get('/v1/profile/reverse/:address', async (c) => {
    const address = parseInput(EvmAddressSchema, c.req.param('address'));
    return c.json(await namesOf(deps.db, address.startsWith('0x') ? address : `0x${address}`));
  });

  app.get('/v1/profile/suggestions/:name', async (c) => {
    const q = parseInput(SuggestionsQuerySchema, c.req.query());
    return c.json({ suggestions: await suggestNames(deps.db, c.req.param('name'), deps.nameZones, q.zone) });
  });

  app.post('/v1/profile/account', async (c) => {
    const body = parseInput(RegisterBodySchema, await readJson(c.req.raw));
    const profile = await registerName(
      { db: deps.db, chains: deps.chains, zones: deps.nameZones, nowSeconds: Math.floor(deps.now() / 1000) },
      { coinType: body.coin_type, address: body.address, message: body.message, signature: body.signature },
    );
    return c.json({ success: true, name: profile.name });
  });

  return app;
}
