import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';

/** The folder holding `NNNN_name.sql` migration files. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Separates statements inside one migration file (the drizzle-kit marker). */
const BREAKPOINT = '--> statement-breakpoint';

/**
 * Key of the transaction-scoped advisory lock every migration step holds, so that API instances
 * started at the same instant (`docker compose up --scale api=2`, a rolling deploy) apply each
 * file once, one after the other, instead of failing on each other's `CREATE TABLE`.
 */
const MIGRATION_LOCK = 0x41_49_52_4c; // "AIRL"

/**
 * Applies every `*.sql` file of `dir` not yet recorded in `airlock_migrations`,
 * in file-name order, each in its own transaction (statements split on
 * `--> statement-breakpoint`). Each transaction first takes an advisory lock and
 * re-reads the record, so concurrent callers over one database (several API
 * instances starting together) wait for each other and apply each file once.
 * @returns the names of the files applied now by this call (empty when up to date).
 * @throws the database error of the first failing statement; that file is rolled back.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const lock = sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
  await db.transaction(async (tx) => {
    await tx.execute(lock);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS airlock_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
  });
  const done = (await db.execute(sql`SELECT name FROM airlock_migrations`)) as unknown as { rows: { name: string }[] };
  const applied = new Set(done.rows.map((r) => r.name));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const now: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const statements = readFileSync(`${dir}/${file}`, 'utf8')
      .split(BREAKPOINT)
      .map((s) => s.trim())
      .filter((s) => s.replace(/--.*$/gm, '').trim().length > 0);
    const ran = await db.transaction(async (tx) => {
      await tx.execute(lock);
      // Another instance may have applied it while this one waited for the lock.
      const recorded = (await tx.execute(sql`SELECT 1 FROM airlock_migrations WHERE name = ${file}`)) as unknown as {
        rows: unknown[];
      };
      if (recorded.rows.length > 0) return false;
      for (const statement of statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO airlock_migrations (name) VALUES (${file})`);
      return true;
    });
    if (ran) now.push(file);
  }
  return now;
}
