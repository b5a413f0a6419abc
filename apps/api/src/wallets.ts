import { asc, inArray, type SQL, and, notInArray, ilike, eq, sql, count } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { GetWalletsQuery, GetWalletsResponse, WalletListing as ProtocolWalletListing } from '@airlock/protocol';
import type { Db } from './db/client.ts';
import { wallets } from './db/schema.ts';

/**
 * A wallet listing entry as this API serves it (spec §3 'Wallet listing', the shared
 * protocol `WalletListingSchema`): id, name, image_id, rdns, mobile_link, desktop_link,
 * webapp_link, chains (CAIP-2 ids). Links are null when the wallet has none.
 */
export type WalletListing = Required<Pick<ProtocolWalletListing, 'id' | 'name' | 'chains'>> & {
  image_id: string;
  rdns: string | null;
  mobile_link: string | null;
  desktop_link: string | null;
  webapp_link: string | null;
};

/** A wallet as an operator registers it (seed file). `image_id` defaults to the wallet id. */
export const WalletInputSchema = z.object({
  id: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  name: z.string().check(z.minLength(1)).check(z.maxLength(100)),
  image_id: z.optional(z.string().check(z.minLength(1)).check(z.maxLength(128))),
  rdns: z.optional(z.nullable(z.string().check(z.maxLength(128)))),
  mobile_link: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  desktop_link: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  webapp_link: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  chains: z._default(z.array(z.string()), []),
  badge_type: z._default(z.enum(['none', 'certified']), 'none'),
  rank: z._default(z.int(), 0),
});

/** Input of {@link insertWalletIfMissing}. */
export type WalletInput = z.input<typeof WalletInputSchema>;

/** Registers a wallet unless its id exists. @throws ZodError on invalid input. */
export async function insertWalletIfMissing(db: Db, input: WalletInput): Promise<void> {
  const w = WalletInputSchema.parse(input);
  await db
    .insert(wallets)
    .values({
      id: w.id,
      name: w.name,
      imageId: w.image_id ?? w.id,
      rdns: w.rdns ?? null,
      mobileLink: w.mobile_link ?? null,
      desktopLink: w.desktop_link ?? null,
      webappLink: w.webapp_link ?? null,
      chains: w.chains,
      badgeType: w.badge_type,
      rank: w.rank,
    })
    .onConflictDoNothing();
}

/**
 * Filters of GET /getWallets: the shared protocol `GetWalletsQuery` (spec §7; wire
 * names, `badge_type`: `certified` keeps only certified wallets, `none` = no filter).
 */
export type WalletQuery = GetWalletsQuery;

/**
 * One page of wallets and the total `count` matching the filters, ordered by rank then
 * name; the answer satisfies protocol `GetWalletsResponseSchema` (what the frame checks).
 */
export async function listWallets(db: Db, q: WalletQuery): Promise<GetWalletsResponse & { data: WalletListing[] }> {
  const where: SQL[] = [];
  if (q.include?.length) where.push(inArray(wallets.id, q.include));
  if (q.exclude?.length) where.push(notInArray(wallets.id, q.exclude));
  if (q.search) where.push(ilike(wallets.name, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`));
  if (q.badge_type === 'certified') where.push(eq(wallets.badgeType, 'certified'));
  if (q.chains?.length)
    where.push(
      sql`${wallets.chains} ?| array[${sql.join(
        q.chains.map((c) => sql`${c}`),
        sql`, `,
      )}]::text[]`,
    );
  const filter = where.length ? and(...where) : undefined;
  const [total] = await db.select({ n: count() }).from(wallets).where(filter);
  const rows = await db
    .select()
    .from(wallets)
    .where(filter)
    .orderBy(asc(wallets.rank), asc(wallets.name))
    .limit(q.entries)
    .offset((q.page - 1) * q.entries);
  return {
    count: total?.n ?? 0,
    data: rows.map((w) => ({
      id: w.id,
      name: w.name,
      image_id: w.imageId,
      rdns: w.rdns,
      mobile_link: w.mobileLink,
      desktop_link: w.desktopLink,
      webapp_link: w.webappLink,
      chains: w.chains,
    })),
  };
}
