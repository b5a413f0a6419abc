-- Passkeys of the embedded wallet (tables in src/passkey/tables.ts, rules in docs/embedded-wallet.md
-- "Passkeys"). A passkey is a login method of one account, like its email or its social identity:
-- the API keeps the credential's public key, never a secret. A challenge is used once and is bound
-- to the device key (DPoP thumbprint) that asked for it.

CREATE TABLE embedded_passkeys (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES embedded_accounts (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '',
  rp_id text NOT NULL,
  backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  created_at bigint NOT NULL,
  last_used_at bigint
);
--> statement-breakpoint
CREATE INDEX embedded_passkeys_account ON embedded_passkeys (account_id);
--> statement-breakpoint
CREATE TABLE embedded_passkey_challenges (
  id text PRIMARY KEY,
  challenge text NOT NULL UNIQUE,
  purpose text NOT NULL,
  jkt text NOT NULL,
  account_id text,
  project_id text,
  dapp_origin text,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL,
  used_at bigint
);
--> statement-breakpoint
CREATE INDEX embedded_passkey_challenges_expires_at ON embedded_passkey_challenges (expires_at);
