-- Sign In With Farcaster for the embedded wallet (src/farcaster, docs/embedded-wallet.md "Farcaster").
-- An account signed in with Farcaster has no email: the column becomes optional (still unique).
-- Times are ms since the epoch.

ALTER TABLE embedded_accounts ALTER COLUMN email DROP NOT NULL;
--> statement-breakpoint
CREATE TABLE embedded_farcaster_accounts (
  fid bigint PRIMARY KEY,
  account_id text NOT NULL UNIQUE REFERENCES embedded_accounts (id) ON DELETE CASCADE,
  username text,
  custody_address text NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE embedded_farcaster_channels (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  jkt text NOT NULL,
  nonce text NOT NULL,
  domain text NOT NULL,
  siwe_uri text NOT NULL,
  dapp_origin text NOT NULL,
  status text NOT NULL,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL
);
