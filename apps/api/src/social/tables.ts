import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Social-login tables (`migrations/0005_social_login.sql`, rules in
 * docs/embedded-wallet.md "Social login"). Times are ms since the epoch.
 */

/**
 * A started social login: bound to the device key (`jkt`) that started it. `stateHash`
 * is the SHA-256 of the `state` sent to the provider; `verifier` the PKCE code
 * verifier (lives at most 10 minutes, deleted on use). After the callback, `status`
 * is `done` with the identity, or `failed` with a message; `used` once redeemed.
 */
export const embeddedSocialFlows = pgTable('embedded_social_flows', {
  id: text('id').primaryKey(),
  stateHash: text('state_hash').notNull().unique(),
  provider: text('provider').notNull(),
  jkt: text('jkt').notNull(),
  projectId: text('project_id').notNull(),
  dappOrigin: text('dapp_origin').notNull(),
  verifier: text('verifier'),
  redirectUri: text('redirect_uri').notNull(),
  /** Redirect mode: the dapp page (on `dappOrigin`) the callback answers a 302 to; null for a popup login. */
  returnUrl: text('return_url'),
  status: text('status').$type<'pending' | 'done' | 'failed' | 'used'>().notNull(),
  subject: text('subject'),
  email: text('email'),
  name: text('name'),
  message: text('message'),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/** A social identity: one embedded account per (provider, subject). Never linked to an email account automatically. */
export const embeddedSocialIdentities = pgTable(
  'embedded_social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    accountId: text('account_id').notNull(),
    /** The provider's email claim, for display only (never a login key). */
    email: text('email'),
    name: text('name'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);
