import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The indexing lease of one API instance: with several instances over one database, one of them
 * indexes a chain at a time (the others would read every block from the RPC again and race each
 * other's reorg rewinds). The holder renews the lease at every pass; when it stops (crash, scale
 * down) another instance takes the chain over once the lease has run out.
 */
export type IndexerLease = {
  /** This instance's holder id (random per process). */
  holder: string;
  /**
   * Takes or renews the lease of `caipNetworkId` until `nowMs + ttlMs`, atomically.
   * @returns true when this instance holds it now (index the chain), false when another does.
   */
  acquire: (caipNetworkId: string, nowMs: number) => Promise<boolean>;
  /** Gives up every lease this instance holds (at stop), so another instance takes over at once. */
  release: () => Promise<void>;
};

/** Creates the lease of this instance over `db`; `ttlMs` is how long a lease lasts unrenewed (default 30 000). */
export function createIndexerLease(db: Db, ttlMs = 30_000): IndexerLease {
  const holder = randomBytes(9).toString('base64url');
  return {
    holder,
    acquire: async (caipNetworkId, nowMs) => {
      const result = (await db.execute(sql`
        INSERT INTO indexer_leases AS l (caip_network_id, holder, until)
        VALUES (${caipNetworkId}, ${holder}, ${nowMs + ttlMs}::float8)
        ON CONFLICT (caip_network_id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
        WHERE l.holder = EXCLUDED.holder OR l.until <= ${nowMs}::float8
        RETURNING holder
      `)) as unknown as { rows: unknown[] };
      return result.rows.length === 1;
    },
    release: async () => {
      await db.execute(sql`DELETE FROM indexer_leases WHERE holder = ${holder}`);
    },
  };
}
