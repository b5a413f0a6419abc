import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The folder holding `NNNN_name.sql` migration files. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Separates statements inside one migration file (the drizzle-kit marker). */
const BREAKPOINT = '--> statement-breakpoint';

/**
 * Applies every `*.sql` file of `dir` not yet recorded in `airlock_migrations`,
 * in file-name order, each in its own transaction (statements split on
 * `--> statement-breakpoint`).
 * @returns the names of the files applied now (empty when up to date).
 * @throws the database error of the first failing statement; that file is rolled back.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS airlock_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
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
    await db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO airlock_migrations (name) VALUES (${file})`);
    });
    now.push(file);
  }
  return now;
}
