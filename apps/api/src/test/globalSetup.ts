import { pgliteTemplate } from './database.ts';

/**
 * Vitest global setup (vitest.config.ts): makes the migrated PGlite dump the API's test files start
 * from, once, before any of them runs (a fresh clone pays about 5 s here instead of every test
 * file paying it in its `beforeAll`). Nothing to do when the suite runs on PostgreSQL.
 */
export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) await pgliteTemplate();
}
