-- Embedded wallet (email login, device keys, key shares): tables defined for drizzle in
-- src/embedded/tables.ts; the rules are in docs/embedded-wallet.md. Times are ms since the epoch.
-- No column ever holds a seed, a private key or a device share; the recovery share is stored
-- encrypted with a key that lives only in the API's environment (AIRLOCK_API_RECOVERY_KEY).

ALTER TABLE projects ADD COLUMN embedded_dev_hosts boolean NOT NULL DEFAULT false;
--> statement-breakpoint
CREATE TABLE embedded_accounts (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  eip155_address text,
  solana_address text,
  auth_share text,
  recovery_share text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE embedded_devices (
  jkt text NOT NULL,
  account_id text NOT NULL REFERENCES embedded_accounts (id) ON DELETE CASCADE,
  auth_share text,
  holds_primary boolean NOT NULL DEFAULT false,
  dapp_origin text NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  last_seen_at bigint NOT NULL,
  PRIMARY KEY (jkt, account_id)
);
--> statement-breakpoint
CREATE INDEX embedded_devices_account ON embedded_devices (account_id);
--> statement-breakpoint
CREATE TABLE embedded_codes (
  id text PRIMARY KEY,
  purpose text NOT NULL,
  email text NOT NULL,
  account_id text,
  jkt text NOT NULL,
  new_email text,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL,
  used_at bigint
);
--> statement-breakpoint
CREATE INDEX embedded_codes_email ON embedded_codes (email, purpose, created_at);
--> statement-breakpoint
CREATE TABLE embedded_device_approvals (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  account_id text NOT NULL REFERENCES embedded_accounts (id) ON DELETE CASCADE,
  jkt text NOT NULL,
  dapp_origin text NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  status text NOT NULL,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX embedded_device_approvals_jkt ON embedded_device_approvals (jkt, created_at);
--> statement-breakpoint
CREATE TABLE embedded_sessions (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES embedded_accounts (id) ON DELETE CASCADE,
  jkt text NOT NULL,
  refresh_hash text NOT NULL UNIQUE,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL,
  revoked_at bigint
);
