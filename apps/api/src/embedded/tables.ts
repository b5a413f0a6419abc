import { bigint, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Embedded-wallet tables (created by `migrations/0003_embedded_wallet.sql`, `requester_ip` by `0007_device_approval_ip.sql`;
 * rules in docs/embedded-wallet.md). Times are ms since the epoch. Shares are
 * base64 strings; `recoveryShare` is AES-256-GCM ciphertext under the API's
 * environment recovery key, never the share itself.
 */
export const embeddedAccounts = pgTable('embedded_accounts', {
  id: text('id').primaryKey(),
  /** Lower-case login email; null for an account signed in without one (Farcaster `src/farcaster`, a social provider `src/social`). */
  email: text('email').unique(),
  /** The eip155 address registered when the wallet was created (re-derived by the secure frame to verify a rebuild). */
  eip155Address: text('eip155_address'),
  /** The solana address (base58). */
  solanaAddress: text('solana_address'),
  /** The 2-of-3 auth share, released only to a session bound to a device key of this account. */
  authShare: text('auth_share'),
  /** The 2-of-3 recovery share, encrypted (`recovery.ts`). */
  recoveryShare: text('recovery_share'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/**
 * A device: one secure-frame key pair (per browser and, under storage
 * partitioning, per dapp site), identified by its JWK thumbprint (RFC 7638).
 * `holdsPrimary`: the device that created the wallet, whose device share pairs
 * with the account's 2-of-3 auth share; other devices pair with their own
 * 2-of-2 `authShare`. One key may serve several accounts (another email after a
 * sign-out), one row per (key, account).
 */
export const embeddedDevices = pgTable(
  'embedded_devices',
  {
    jkt: text('jkt').notNull(),
    accountId: text('account_id').notNull(),
    authShare: text('auth_share'),
    holdsPrimary: boolean('holds_primary').notNull().default(false),
    dappOrigin: text('dapp_origin').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    lastSeenAt: bigint('last_seen_at', { mode: 'number' }).notNull(),
    /** When this device signed out explicitly (ms), null otherwise: its next email login needs a mailed code. */
    signedOutAt: bigint('signed_out_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.jkt, t.accountId] })],
);

/** Purposes of a mailed code. */
export type CodePurpose = 'login' | 'update_primary' | 'update_secondary';

/** A mailed one-time code, stored only as an HMAC (`codes.ts`), bound to the device key that asked for it. */
export const embeddedCodes = pgTable('embedded_codes', {
  id: text('id').primaryKey(),
  purpose: text('purpose').$type<CodePurpose>().notNull(),
  /** The address the code went to (lower case). */
  email: text('email').notNull(),
  accountId: text('account_id'),
  jkt: text('jkt').notNull(),
  /** For an email update: the new address. */
  newEmail: text('new_email'),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
});

/** A mailed device approval: the token is stored as a SHA-256 hash. */
export const embeddedDeviceApprovals = pgTable('embedded_device_approvals', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  accountId: text('account_id').notNull(),
  jkt: text('jkt').notNull(),
  /** The dapp origin the asker named (one of the project's allowed origins, but chosen by the asker). */
  dappOrigin: text('dapp_origin').notNull(),
  /** The asker's `User-Agent` header (its own word). */
  userAgent: text('user_agent').notNull().default(''),
  /** The client address the approval was asked from (IP, IPv6 as its /64; `src/http/clientIp.ts`); '' before migration 0007. */
  requesterIp: text('requester_ip').notNull().default(''),
  status: text('status').$type<'pending' | 'approved' | 'denied' | 'used'>().notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/** A session: the refresh token (SHA-256 hash) bound to one device key. */
export const embeddedSessions = pgTable('embedded_sessions', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  jkt: text('jkt').notNull(),
  refreshHash: text('refresh_hash').notNull().unique(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  revokedAt: bigint('revoked_at', { mode: 'number' }),
});
