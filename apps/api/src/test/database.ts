import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseOptions } from '../db/client.ts';

/** Databases created by {@link testDatabase} in this process, dropped by {@link dropTestDatabases}. */
const created: { adminUrl: string; name: string }[] = [];

/**
 * Storage for a test file: embedded in-memory PGlite, or — when `DATABASE_URL`
 * is set (CI runs the API suite a second time against Debian PostgreSQL,
 * `.ci/run`) — a fresh database `airlock_test_<random>` created on that server,
 * so parallel test files never see each other's rows.
 * @throws when `DATABASE_URL` is set but the server refuses `CREATE DATABASE`.
 */
export async function testDatabase(): Promise<DatabaseOptions> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { inMemory: true };
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
