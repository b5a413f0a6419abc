-- Sign in with a wallet (spec §7 /v1/sessions/*): single-use nonces with an expiry, and
-- the sessions verified from them. Tables defined for drizzle in src/siwx/tables.ts.

CREATE TABLE siwx_nonces (
  nonce text PRIMARY KEY,
  project_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX siwx_nonces_expires ON siwx_nonces (expires_at);
--> statement-breakpoint
CREATE TABLE siwx_sessions (
  id text PRIMARY KEY,
  project_id text NOT NULL,
  account text NOT NULL,
  address text NOT NULL,
  caip_network_id text NOT NULL,
  domain text NOT NULL,
  uri text NOT NULL,
  message text NOT NULL,
  signature text NOT NULL,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX siwx_sessions_address ON siwx_sessions (project_id, address, expires_at);
