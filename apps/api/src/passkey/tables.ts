import { bigint, boolean, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Passkey tables (`migrations/0009_passkeys.sql`, rules in docs/embedded-wallet.md "Passkeys").
 * Times are ms since the epoch.
 */

/**
 * A passkey (WebAuthn credential) of an embedded account: a login method like the email or a
 * social identity. `id` is the credential id (base64url), `publicKey` its COSE public key
 * (base64url): nothing here signs anything. `rpId` is the secure frame's host it was made for.
 */
export const embeddedPasskeys = pgTable('embedded_passkeys', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  publicKey: text('public_key').notNull(),
  /** The authenticator's signature counter (0 for most synced passkeys, which keep none). */
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  /** Comma list of the transports the browser reported (`internal`, `hybrid`, …). */
  transports: text('transports').notNull().default(''),
  rpId: text('rp_id').notNull(),
  /** Whether the credential is backed up (synced to the visitor's other devices by their password manager). */
  backedUp: boolean('backed_up').notNull().default(false),
  /** A label for the list ('Passkey, 2026-11-27'). */
  name: text('name').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  lastUsedAt: bigint('last_used_at', { mode: 'number' }),
});

/** What a challenge is for: a new passkey of the signed-in account, a new account (sign-up), or a login. */
export type PasskeyPurpose = 'register' | 'signup' | 'login';

/**
 * A WebAuthn challenge: used once (`usedAt`, set by one `UPDATE … WHERE used_at IS NULL`),
 * valid 5 minutes, bound to the device key `jkt` that asked (its SHA-256 is also inside the
 * challenge bytes, so the authenticator signs it). `accountId`: the account a `register`
 * challenge adds to, or the id the `signup` account will get.
 */
export const embeddedPasskeyChallenges = pgTable('embedded_passkey_challenges', {
  id: text('id').primaryKey(),
  challenge: text('challenge').notNull().unique(),
  purpose: text('purpose').$type<PasskeyPurpose>().notNull(),
  jkt: text('jkt').notNull(),
  accountId: text('account_id'),
  projectId: text('project_id'),
  dappOrigin: text('dapp_origin'),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
});
