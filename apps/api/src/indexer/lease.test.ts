import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { createIndexerLease } from './lease.ts';

/**
 * The indexing lease of two API instances over one database (PGlite, or PostgreSQL with
 * `DATABASE_URL`): one holder per chain, renewed by its holder, taken over when it runs out or
 * is released.
 */

let database: Database;
beforeAll(async () => {
  database = await openDatabase(await testDatabase());
}, 60_000);
afterAll(async () => {
  await database?.close();
  await dropTestDatabases();
});

describe('createIndexerLease', () => {
  it('lets one instance at a time index a chain, and another take over when it stops renewing', async () => {
    const a = createIndexerLease(database.db, 30_000);
    const b = createIndexerLease(database.db, 30_000);
    const chain = 'eip155:31337';
    expect(await a.acquire(chain, 1_000)).toBe(true);
    expect(await b.acquire(chain, 1_000)).toBe(false);
    // Renewed by its holder, still refused to the other.
    expect(await a.acquire(chain, 20_000)).toBe(true);
    expect(await b.acquire(chain, 45_000)).toBe(false);
    // A stops renewing: past 20 000 + 30 000 the chain goes to B, and A is refused.
    expect(await b.acquire(chain, 50_001)).toBe(true);
    expect(await a.acquire(chain, 50_002)).toBe(false);
    // Another chain is leased on its own.
    expect(await a.acquire('eip155:1', 50_003)).toBe(true);
    // B releases at stop: A takes the chain at once.
    await b.release();
    expect(await a.acquire(chain, 50_004)).toBe(true);
  });

  it('gives a free chain to exactly one of many instances asking at once', async () => {
    const leases = Array.from({ length: 8 }, () => createIndexerLease(database.db));
    const won = await Promise.all(leases.map((l) => l.acquire('eip155:10', 1_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});
