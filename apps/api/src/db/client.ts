import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema } from './schema.ts';
import { migrate } from './migrate.ts';
import type { Db } from './db.ts';

/** The drizzle database handle used everywhere (PGlite or node-postgres underneath). */
export type { Db } from './db.ts';

/**
 * Where the data lives:
 * - `{ databaseUrl }`: a real PostgreSQL through `pg` (env `DATABASE_URL`);
 * - `{ dataDir }`: embedded PGlite with its files in that folder (created if missing);
 * - `{ inMemory: true }`: embedded PGlite in memory (tests); with `template`, the path of a PGlite
 *   data dump (the uncompressed tarball of `PGlite.dumpDataDir('none')`) to start from instead of
 *   an empty cluster: PGlite skips its `initdb` and the migrations already in the dump (the test
 *   suite keeps one per migration set, `src/test/database.ts`); pending migrations still run.
 */
export type DatabaseOptions = { databaseUrl?: string; dataDir?: string; inMemory?: boolean; template?: string };

/** An open database: the drizzle handle, what it is (for logs) and `close()`. */
export type Database = {
  db: Db;
  /** `postgres`, `pglite:<dir>` or `pglite:memory`. */
  kind: string;
  close: () => Promise<void>;
};

/**
 * Opens the database and applies pending SQL migrations (`apps/api/migrations`).
 * Precedence: `databaseUrl`, then `inMemory`, then `dataDir` (default `.airlock/api-data`).
 * @throws when the database cannot be reached, a `template` cannot be read, or a migration fails.
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    // An idle connection the server ends (a PostgreSQL restart, a failover, an administrator's
    // terminate) is emitted on the pool: unhandled, that event would end the process. The pool
    // drops that client and opens a new one for the next query.
    pool.on('error', (error) => console.warn(`[api] PostgreSQL closed an idle connection: ${error.message}`));
    database = { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  } else {
    const dataDir = options.inMemory ? undefined : (options.dataDir ?? '.airlock/api-data');
    const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
    const client = dataDir
      ? new PGlite(dataDir)
      : new PGlite(options.template ? { loadDataDir: new Blob([readFileSync(options.template)]) } : {});
    await client.waitReady;
    database = {
      db: drizzlePglite(client, { schema }) as unknown as Db,
      kind: dataDir ? `pglite:${dataDir}` : 'pglite:memory',
      close: async () => {
        await client.close();
        unlock();
      },
    };
  }
  try {
    await migrate(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Name of the lock file written into a PGlite data folder while it is open. */
export const LOCK_FILE = 'airlock-api.pid';

/**
 * PGlite is single-process: a data folder may be open in one process only
 * (the server or the CLI). Writes `<dataDir>/airlock-api.pid` and returns the
 * function that removes it. A lock left by a dead process is taken over.
 * @throws Error when another live process holds the folder.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = `${dataDir}/${LOCK_FILE}`;
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The data folder ${dataDir} is in use by process ${pid} (the API server?). Stop it first, or use DATABASE_URL.`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
