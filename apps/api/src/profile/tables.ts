import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Registered account names (spec §3 'Name suggestion', §7 `/v1/profile/*`),
 * created by `migrations/0002_names_onramp.sql`: `name` the full lowercase
 * name with its zone (`alice.reown.id`), `address` lowercase `0x…`,
 * `coinType` the ENSIP-11 coin type the name was registered for.
 */
export const accountNames = pgTable('account_names', {
  name: text('name').primaryKey(),
  zone: text('zone').notNull(),
  address: text('address').notNull(),
  coinType: bigint('coin_type', { mode: 'number' }).notNull(),
  attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
