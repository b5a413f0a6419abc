import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { schema } from './schema.ts';

// The database type apart from client.ts (which opens it and runs the migrations), so that
// migrate.ts can name it without importing client.ts back.

/** The API's database: drizzle over PostgreSQL or PGlite with the API's schema (db/schema.ts). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
