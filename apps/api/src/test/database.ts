import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseOptions } from '../db/client.ts';
import type { Db } from '../db/db.ts';
import { MIGRATIONS_DIR, migrate } from '../db/migrate.ts';
import { schema } from '../db/schema.ts';

/** Databases created by {@link testDatabase} in this process, dropped by {@link dropTestDatabases}. */
const created: { adminUrl: string; name: string }[] = [];

/** Where the migrated PGlite dumps live (git-ignored), one per migration set and PGlite version. */
const TEMPLATES = fileURLToPath(new URL('../../../../.airlock/pglite-templates/', import.meta.url));

/** This process's template, made or found once. */
let template: Promise<string> | undefined;

/**
 * The path of a PGlite dump with every migration applied, named by a hash of the migration files
 * and PGlite's version: made once (about 5 s of `initdb` and migrations) by the first test file
 * that needs it, then loaded by every other in about a third of that. Written to a temporary name
 * and renamed, so test files racing to make it each read a whole file. The suite's global setup
 * (`globalSetup.ts`) makes it before any test file starts, outside their hook timeouts.
 * @returns the dump's path.
 * @throws when PGlite or a migration fails, or the folder cannot be written.
 */
export function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    hash.update(readFileSync(new URL('../../../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
    for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
      hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
    }
    const file = join(TEMPLATES, `${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return file;
    const client = new PGlite();
    try {
      await migrate(drizzle(client, { schema }) as unknown as Db);
      const dump = await client.dumpDataDir('none');
      mkdirSync(TEMPLATES, { recursive: true });
      const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      // Dumps of older migration sets are never read again.
      for (const old of readdirSync(TEMPLATES))
        if (old.endsWith('.tar') && join(TEMPLATES, old) !== file) rmSync(join(TEMPLATES, old), { force: true });
    } finally {
      await client.close();
    }
    return file;
  })();
  return template;
}

/**
 * Embedded in-memory PGlite started from the migrated dump ({@link pgliteTemplate}), whatever
 * `DATABASE_URL` says: for the tests that need no shared server.
 * @throws when the dump cannot be made or written.
 */
export async function pgliteDatabase(): Promise<DatabaseOptions> {
  return { inMemory: true, template: await pgliteTemplate() };
}

/**
 * Storage for a test file: embedded in-memory PGlite (started from a migrated dump,
 * {@link pgliteTemplate}), or — when `DATABASE_URL`
 * is set (CI runs the API suite a second time against Debian PostgreSQL,
 * `.ci/run`) — a fresh database `airlock_test_<random>` created on that server,
 * so parallel test files never see each other's rows.
 * @throws when `DATABASE_URL` is set but the server refuses `CREATE DATABASE`.
 */
export async function testDatabase(): Promise<DatabaseOptions> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return pgliteDatabase();
  const name = `airlock_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  created.push({ adminUrl, name });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString() };
}

/** Drops the databases {@link testDatabase} created (call after the handles are closed). Never throws. */
export async function dropTestDatabases(): Promise<void> {
  for (const { adminUrl, name } of created.splice(0)) {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch {
      /* best effort */
    } finally {
      await client.end().catch(() => {});
    }
  }
}
