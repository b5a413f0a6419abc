import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Sign In With Farcaster tables (created by `migrations/0004_farcaster.sql`, rules in
 * docs/embedded-wallet.md "Farcaster"). Times are ms since the epoch.
 */

/** One embedded-wallet account per Farcaster id (fid): the wallet of that fid. */
export const embeddedFarcasterAccounts = pgTable('embedded_farcaster_accounts', {
  /** The Farcaster id (a uint256 on the IdRegistry; fits a bigint for every fid issued). */
  fid: bigint('fid', { mode: 'number' }).primaryKey(),
  accountId: text('account_id').notNull().unique(),
  /** The username the relay reported at the last sign-in (display only, never trusted for identity). */
  username: text('username'),
  /** The custody address that signed the last sign-in (EIP-55). */
  custodyAddress: text('custody_address').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/**
 * A relay channel this API opened: the relay's channel token (stored as a SHA-256 hash),
 * the nonce the signed message must carry, and the device key (`jkt`) that asked for it:
 * only that device may redeem the channel.
 */
export const embeddedFarcasterChannels = pgTable('embedded_farcaster_channels', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  jkt: text('jkt').notNull(),
  nonce: text('nonce').notNull(),
  /** The EIP-4361 `domain` the message must name. */
  domain: text('domain').notNull(),
  /** The EIP-4361 `uri` the message must name. */
  siweUri: text('siwe_uri').notNull(),
  dappOrigin: text('dapp_origin').notNull(),
  status: text('status').$type<'pending' | 'used'>().notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
