-- Social login of the embedded wallet (tables in src/social/tables.ts, rules in
-- docs/embedded-wallet.md "Social login"). A social account has no login email: the
-- email column becomes optional (email accounts keep theirs, still unique).

ALTER TABLE embedded_accounts ALTER COLUMN email DROP NOT NULL;
--> statement-breakpoint
CREATE TABLE embedded_social_flows (
  id text PRIMARY KEY,
  state_hash text NOT NULL UNIQUE,
  provider text NOT NULL,
  jkt text NOT NULL,
  project_id text NOT NULL,
  dapp_origin text NOT NULL,
  verifier text,
  redirect_uri text NOT NULL,
  status text NOT NULL,
  subject text,
  email text,
  name text,
  message text,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE embedded_social_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  account_id text NOT NULL REFERENCES embedded_accounts (id) ON DELETE CASCADE,
  email text,
  name text,
  created_at bigint NOT NULL,
  PRIMARY KEY (provider, subject)
);
