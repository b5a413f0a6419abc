import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in nonces (created by `migrations/0003_siwx.sql`): handed out by
 * `POST /v1/siwx/nonce`, used at most once by `POST /v1/siwx/verify` before `expires_at`.
 */
export const siwxNonces = pgTable('siwx_nonces', {
  nonce: text('nonce').primaryKey(),
  projectId: text('project_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Verified sign-in sessions (spec §7 `/v1/sessions/{address}`): `account` is the CAIP-10 id
 * (eip155 addresses lowercase), `address` its address part; `expires_at` the message's
 * `expirationTime`; `revoked_at` set by `POST /v1/sessions/{address}/revoke`.
 */
export const siwxSessions = pgTable('siwx_sessions', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull(),
  account: text('account').notNull(),
  address: text('address').notNull(),
  caipNetworkId: text('caip_network_id').notNull(),
  domain: text('domain').notNull(),
  uri: text('uri').notNull(),
  message: text('message').notNull(),
  signature: text('signature').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
